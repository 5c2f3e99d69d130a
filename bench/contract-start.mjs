// What the contract (zod and its schemas) costs a signed-in page's start: the Overview, signed in as the demo owner
// after its import, loaded CONTRACT_RUNS times (3) in Debian's Chromium with the CPU slowed 4x (CDP
// Emulation.setCPUThrottlingRate), nothing cached. For each run, from a CPU profile of the load until the page's
// figures are drawn: the time spent evaluating the `contract` chunks (their modules' top level), the time in the
// contract's chunks altogether (zod and the schemas, whenever they run, also on first use), all script time, and how
// many zod schemas were constructed in all (each sets `_zod` once).
// Prints the medians, with the contract chunks' sizes and the load average: the machine may be shared. WEB_DIST=<dir>
// serves another build of the web (to compare two builds in turn); CONTRACT_PAGE=<path> measures another page.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  DEMO,
  freePort,
  loadAverage as load,
  root,
  signIn,
  startServer,
  stopServer,
  waitForDemoImport,
} from './support.mjs';

const RUNS = Number(process.env.CONTRACT_RUNS ?? 3);
const PAGE = process.env.CONTRACT_PAGE ?? '/main-menu/dashboard';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Counts zod schemas as they are made (zod's constructor defines `_zod` once on each), in every script. */
function countSchemas() {
  const define = Object.defineProperty;
  const made = { count: 0 };
  Object.defineProperty = (target, key, descriptor) => {
    if (key === '_zod') made.count++;
    return define(target, key, descriptor);
  };
  globalThis.__schemasMade = made;
}

/** Milliseconds per URL: `self` the time in its functions, `evaluation` that of its module's top level. */
function timesOf(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  const inclusive = (node) =>
    (self.get(node.id) ?? 0) + (node.children ?? []).reduce((s, c) => s + inclusive(byId.get(c)), 0);
  const perUrl = new Map();
  const entry = (url) => perUrl.get(url) ?? perUrl.set(url, { self: 0, evaluation: 0 }).get(url);
  for (const node of profile.nodes) {
    const { url, functionName, lineNumber, columnNumber } = node.callFrame;
    if (!url) continue;
    entry(url).self += self.get(node.id) ?? 0;
    if (functionName === '' && lineNumber === 0 && columnNumber === 0) entry(url).evaluation += inclusive(node);
  }
  return perUrl;
}

const webDist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
const dist = path.join(webDist, 'assets');
const contractFiles = readdirSync(dist).filter((f) => /^contract(-\d+)?-[\w-]+\.js$/.test(f));
console.log(
  `contract chunks: ${contractFiles.map((f) => `${f} ${(statSync(path.join(dist, f)).size / 1024).toFixed(1)} KB`).join(', ')}`,
);

const dataDir = mkdtempSync(path.join(tmpdir(), 'brade-bench-'));
const server = await startServer(dataDir, await freePort(), { WEB_DIST: webDist }, 300_000);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const session = await signIn(server.url, DEMO.email, DEMO.password);
  await waitForDemoImport(server.url, session);
  console.log(`${PAGE}, CPU 4x slower, ${RUNS} runs; load average before: ${load()}`);
  const rows = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext();
    await context.addInitScript(countSchemas);
    await context.addInitScript((s) => {
      if (location.pathname.startsWith('/main-menu') && !localStorage.getItem('id')) {
        localStorage.setItem('id', s.id);
        localStorage.setItem('access_token', s.access_token);
        localStorage.setItem('refresh_token', s.refresh_token);
        localStorage.setItem('email', 'demo@brade.app');
      }
    }, session);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${server.url}${PAGE}`);
    await page.getByText('Monthly revenue').first().waitFor({ timeout: 120_000 });
    await page.waitForLoadState('networkidle');
    const { profile } = await cdp.send('Profiler.stop');
    const made = await page.evaluate(() => globalThis.__schemasMade.count);
    const times = timesOf(profile);
    let evaluation = 0;
    let contractSelf = 0;
    let all = 0;
    const chunks = [];
    for (const [url, t] of times) {
      all += t.self;
      if (/\/assets\/contract(-\d+)?-[\w-]+\.js$/.test(url)) {
        evaluation += t.evaluation;
        contractSelf += t.self;
        chunks.push(`${path.basename(url)} ${t.evaluation.toFixed(0)}`);
      }
    }
    const row = { evaluation, contractSelf, all, made };
    rows.push(row);
    console.log(`  run ${i + 1}, each chunk's evaluation (ms): ${chunks.join(', ')}`);
    console.log(
      `  run ${i + 1}: contract chunks' evaluation ${evaluation.toFixed(0)} ms, in contract chunks ${contractSelf.toFixed(0)} ms, all script ${all.toFixed(0)} ms; ${made} schemas made`,
    );
    await context.close();
  }
  const m = (k) => median(rows.map((r) => r[k]));
  console.log(
    `median: contract chunks' evaluation ${m('evaluation').toFixed(0)} ms, in contract chunks ${m('contractSelf').toFixed(0)} ms, all script ${m('all').toFixed(0)} ms; ${m('made')} schemas made; load average after: ${load()} on ${availableParallelism()} cores`,
  );
} finally {
  await browser.close();
  await stopServer(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}
