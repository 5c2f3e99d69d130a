// Prints which folder of apps/server/src imports which (production code only: tests and test helpers are left
// out, and so are the fixture recorders): how many files import at run time, and how many only types. `--files` lists the imports behind each edge.
//   node scripts/domain-imports.mjs [--files] [another checkout's apps/server/src]
// docs/architecture.md ("The order of the folders") explains the order; apps/server/src/architecture.test.ts holds it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const other = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
const root = path.resolve(other ?? path.join(import.meta.dirname, '../apps/server/src'));
const showFiles = process.argv.includes('--files');

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name === 'test' || name === '__fixtures__') continue;
      yield* sourceFiles(full);
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !/^record-[a-z]+-fixtures\.ts$/.test(name)) {
      // Fixture recorders are test tools beside the transforms they feed.
      yield full;
    }
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
  const statements = text.matchAll(
    /^(import|export)\s+(type\s+)?[^;]*?from\s+'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'/gms,
  );
  for (const match of statements) {
    const spec = match[3] ?? match[4];
    const typeOnly = Boolean(match[2]);
    const target = path.resolve(path.dirname(file), spec);
    const to = folderOf(target);
    if (to === from) continue;
    const key = `${from} -> ${to}`;
    if (!edges.has(key)) edges.set(key, new Map());
    const line = `${path.relative(root, file)} -> ${path.relative(root, target)}`;
    // A file that imports both values and types counts as a run-time import.
    edges.get(key).set(line, (edges.get(key).get(line) ?? true) && typeOnly);
  }
}

for (const key of [...edges.keys()].sort()) {
  const lines = edges.get(key);
  const types = [...lines.values()].filter(Boolean).length;
  const runtime = lines.size - types;
  // Reading another domain's tables (not a foreign key in a tables.ts): what the rules forbid.
  const readsTables = [...lines.keys()].filter(
    (line) => /\/tables\.js$/.test(line) && !/^(db\/schema|[^ ]*\/tables)\.ts /.test(line),
  ).length;
  const notes = [types ? `${types} types only` : '', readsTables ? `${readsTables} READ ITS TABLES` : '']
    .filter(Boolean)
    .join(', ');
  console.log(`${key.padEnd(28)} ${String(runtime).padStart(3)} run time${notes ? `, ${notes}` : ''}`);
  if (showFiles) {
    for (const [line, typeOnly] of [...lines].sort()) console.log(`    ${line}${typeOnly ? '  (types)' : ''}`);
  }
}
