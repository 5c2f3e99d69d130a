import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// `npm run dev` (scripts/dev.mjs) says where the server listens; Vite alone assumes the default port.
const apiServer = process.env.BRADE_SERVER_URL ?? 'http://localhost:3000';

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside each text file of the build, which the server
 * sends as they are (docs/architecture.md): smaller than what it could compress per request, and no CPU spent
 * on it under load. Small files are left to the server, as its compression threshold does.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'brade-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const br = promisify(brotliCompress);
      const gz = promisify(gzip);
      const names = [...Object.keys(bundle), 'index.html'].filter((name) => /\.(js|css|html|svg)$/.test(name));
      // libuv's threads compress the files side by side.
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(outDir, name);
          const body = await readFile(file).catch(() => null);
          if (!body || body.length < 1024) return;
          const params = {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          };
          await writeFile(`${file}.br`, await br(body, { params }));
          await writeFile(`${file}.gz`, await gz(body, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    // The SPA talks to its own origin only; in development Vite forwards those paths to the Fastify server: the
    // API, the dev mailbox and the provider simulators (whose consent pages the pop-ups open on this origin).
    proxy: { '/api': apiServer, '/dev': apiServer, '/sandbox': apiServer },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed chunk names (Vite's default) let the server cache /assets/* forever; the manifest lets
    // measure-login-bundle.mjs follow the /login chunk's imports.
    manifest: true,
  },
});
