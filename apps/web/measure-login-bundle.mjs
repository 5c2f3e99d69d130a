// Sums the gzipped JavaScript a visit to /login downloads: the entry chunk, the /login route chunk and every
// chunk they import statically. Run after `npx vite build`: node measure-login-bundle.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const BUDGET_KB = 160;

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit('index.html');
visit('src/features/auth/LoginPage.tsx');

let total = 0;
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1000).toFixed(2).padStart(8)} kB  ${file}`);
}
// kB = 1000 bytes, as Vite reports; KiB is printed too, so either reading of the budget can be checked.
const kB = total / 1000;
console.log(`${kB.toFixed(2).padStart(8)} kB  total (${(total / 1024).toFixed(2)} KiB) gzipped JavaScript for /login`);
console.log(kB <= BUDGET_KB ? `within the ${BUDGET_KB} kB budget` : `OVER the ${BUDGET_KB} kB budget`);
process.exitCode = kB <= BUDGET_KB ? 0 : 1;
