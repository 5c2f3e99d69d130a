// The client build, in two passes (vite.config.ts, "chunk plan"): the first bundles the app as Rolldown splits it
// and writes down which modules each screen's chunks hold; the second groups the signed-in pages' modules by that
// plan into a few chunks. Then checks that /login still loads nothing of the signed-in pages (their `signed-in` and
// `contract` chunks) when it loads.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chunkKeyOf } from './start-scripts.mjs';

const root = import.meta.dirname;
const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
const dir = mkdtempSync(path.join(tmpdir(), 'brade-chunk-plan-'));
const plan = path.join(dir, 'plan.json');
const run = (env, args) =>
  execFileSync(process.execPath, [vite, 'build', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
try {
  run({ BRADE_CHUNK_PLAN_OUT: plan }, ['--logLevel', 'warn']);
  // The second pass also writes which chunk holds each module (.vite/ssr-manifest.json), for early-start.mjs.
  run({ BRADE_CHUNK_PLAN: plan }, ['--ssrManifest']);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// /login's JavaScript has a budget (bench/login-javascript.mjs): a module of the entry or of /login caught by the
// signed-in or contract group would make /login load that chunk whole (it loads the contract's schemas only once
// the owner starts on the form), and any chunk beyond the entry's and `sign-in` is a request more (vite.config.ts,
// chunkGroups).
const manifest = JSON.parse(readFileSync(path.join(root, 'dist/.vite/manifest.json'), 'utf8'));
const ssrManifest = JSON.parse(readFileSync(path.join(root, 'dist/.vite/ssr-manifest.json'), 'utf8'));
const loads = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the build's manifest has no ${key}`);
  if (loads.has(chunk.file)) return;
  loads.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit('index.html');
// `core` holds modules the entry's own chunk had, with what they import from it; one missed, `core` would import the
// entry, which imports `core`, and the start scripts, which follow the imports (start-scripts.mjs), would never end.
const entryFiles = [...loads];
for (const key of manifest['index.html'].imports ?? []) {
  if (manifest[key].imports?.includes('index.html')) throw new Error(`${manifest[key].file} imports the entry back`);
}
visit(chunkKeyOf(manifest, ssrManifest, 'src/features/auth/LoginPage.tsx'));
const leaked = [...loads].filter((file) => /^assets\/(signed-in|contract)-/.test(file));
if (leaked.length) throw new Error(`/login would load the signed-in pages' chunks: ${leaked.join(', ')}`);
const more = [...loads].filter((file) => !entryFiles.includes(file) && !/^assets\/sign-in-/.test(file));
if (more.length) throw new Error(`/login would load more than the entry's files and sign-in: ${more.join(', ')}`);
