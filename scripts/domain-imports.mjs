// Prints which folder of apps/server/src imports which (production code only: tests and test helpers are left
// out), with the files behind each edge under --files. `node scripts/domain-imports.mjs [--files]`.
// docs/architecture.md explains the layers; the test apps/server/src/domain-boundaries.test.ts holds the rules.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../apps/server/src');
const showFiles = process.argv.includes('--files');

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name === 'test' || name === '__fixtures__') continue;
      yield* sourceFiles(full);
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) yield full;
  }
}

const folderOf = (file) => {
  const rel = path.relative(root, file).split(path.sep);
  return rel.length === 1 ? '(root)' : rel[0];
};

const edges = new Map();
for (const file of sourceFiles(root)) {
  const from = folderOf(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    const target = path.resolve(path.dirname(file), match[1]);
    const to = folderOf(target);
    if (to === from) continue;
    const key = `${from} -> ${to}`;
    if (!edges.has(key)) edges.set(key, new Set());
    edges.get(key).add(`${path.relative(root, file)} -> ${path.relative(root, target)}`);
  }
}

for (const key of [...edges.keys()].sort()) {
  console.log(`${key}  (${edges.get(key).size})`);
  if (showFiles) for (const line of [...edges.get(key)].sort()) console.log(`    ${line}`);
}
