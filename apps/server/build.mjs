// Bundles the server with its JavaScript dependencies into one ESM file: start-up then reads one file instead
// of resolving hundreds of modules (bench/startup-to-ready.mjs measures it). Packages that carry native
// binaries or WASM next to their code stay external.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

// Square's SDK (7 MB) stays outside too: it is loaded only when a Square connection is used.
// jsPDF's HTML and SVG helpers (html2canvas, canvg, dompurify) are never called on the server: leave them out.
const external = [
  '@node-rs/argon2',
  '@electric-sql/pglite',
  'pg-native',
  'nodemailer',
  'sharp',
  'square',
  // The common-password list (380 KB) is read on the first password check, not at start-up.
  '@zxcvbn-ts/language-common',
  'html2canvas',
  'canvg',
  'dompurify',
];

/** What every build of the server shares; `scripts/dev.mjs` watches the same. */
export function serverBuildOptions({ entryPoints, outdir }) {
  return {
    absWorkingDir: import.meta.dirname,
    entryPoints,
    outdir,
    // Modules loaded with import() become chunks of their own: the provider simulators (src/sandbox/) are read from
    // disk only when the sandbox or the demo account is on.
    // Chunks sit beside the entry: code that finds files from import.meta.dirname (config.ts the SPA, migrate.ts the
    // migrations) may land in any chunk.
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    minifySyntax: true,
    external: [...external, ...external.map((name) => `${name}/*`)],
    // Bundled CommonJS dependencies call require() for Node built-ins.
    banner: {
      js: "import { createRequire as __brCreateRequire } from 'node:module'; const require = __brCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // `--bench` builds the benchmarks' drivers (bench/drivers/: the import driver, the owner seeder and the load seeder, which fills books
  // straight from the salon-data generator) into dist/bench/ instead: they are no part of the server.
  const bench = process.argv.includes('--bench');
  // Chunk names carry a hash: without this, every build would leave the previous build's chunks behind.
  rmSync(path.join(import.meta.dirname, bench ? 'dist/bench' : 'dist'), { recursive: true, force: true });
  await build(
    serverBuildOptions(
      bench
        ? {
            entryPoints: {
              'bench-import': '../../bench/drivers/bench-import.ts',
              'seed-owner': '../../bench/drivers/seed-owner.ts',
              'seed-load': '../../bench/drivers/seed-load.ts',
              'assistant-questions': '../../bench/drivers/assistant-questions.ts',
            },
            outdir: 'dist/bench',
          }
        : { entryPoints: { main: 'src/main.ts' }, outdir: 'dist' },
    ),
  );
}
