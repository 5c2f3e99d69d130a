// Sums the gzipped JavaScript a visit to one route downloads: the entry chunk, the route's lazily loaded
// chunks and every chunk they import statically (from Vite's manifest). Run after `npx vite build`:
//   node measure-bundle.mjs login | dashboard
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), 'dist');

/**
 * `entries`: the route's modules (as router.tsx lazily imports them), or the names of the chunks that hold them. `mustNotContain`: texts that belong to
 * other screens; finding one in the route's JavaScript means code leaked into its chunks.
 */
const ROUTES = {
  login: {
    // The sign-in screen's modules are one chunk (vite.config.ts, chunkGroups).
    entries: ['sign-in'],
    budgetKB: 160,
    mustNotContain: [
      'MAIN MENU',
      'BradeBot',
      'Open menu',
      'get-monthly-sales',
      'userDetailsUpdated',
      'Canvas is already in use',
    ],
  },
  dashboard: {
    // The signed-in pages' modules are grouped into named chunks (vite.config.ts, chunkGroups).
    entries: ['signed-in', 'dashboard'],
    budgetKB: 300,
    mustNotContain: ['Use Test Account', 'Reports are coming in the next release.'],
  },
};

const name = process.argv[2];
const route = ROUTES[name];
if (!route) {
  console.error(`usage: node measure-bundle.mjs ${Object.keys(ROUTES).join(' | ')}`);
  process.exit(2);
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const files = new Set();
const visit = (key) => {
  const chunk = manifest[key] ?? Object.values(manifest).find((c) => c.name === key && !c.src?.endsWith('.css'));
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit('index.html');
for (const entry of route.entries) visit(entry);

let total = 0;
const leaks = [];
for (const file of [...files].sort()) {
  const code = readFileSync(join(dist, file));
  const size = gzipSync(code, { level: 9 }).length;
  total += size;
  console.log(`${(size / 1000).toFixed(2).padStart(8)} kB  ${file}`);
  const text = code.toString('utf8');
  for (const marker of route.mustNotContain) if (text.includes(marker)) leaks.push(`${file} contains '${marker}'`);
}
// kB = 1000 bytes, as Vite reports; KiB is printed too, so either reading of the budget can be checked.
const kB = total / 1000;
console.log(
  `${kB.toFixed(2).padStart(8)} kB  total (${(total / 1024).toFixed(2)} KiB) gzipped JavaScript for /${name === 'dashboard' ? 'main-menu/dashboard' : name}`,
);
console.log(kB <= route.budgetKB ? `within the ${route.budgetKB} kB budget` : `OVER the ${route.budgetKB} kB budget`);
for (const leak of leaks) console.log(`LEAK: ${leak}`);
process.exitCode = kB <= route.budgetKB && leaks.length === 0 ? 0 : 1;
