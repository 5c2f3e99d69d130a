// Issue 32's measuring tool. Lighthouse 13 (mobile preset, simulated slow 4G and 4x slower CPU; LIGHTHOUSE_PRESET=
// desktop for the desktop one) in Debian's Chromium on /login and, signed in as the demo owner after its import,
// the Overview, Reports and Settings; plus a reference page served by the same server (bench/lighthouse-reference.mjs:
// the same fonts and one Chart.js chart, no app code), reached over HTTP/2 through a TLS front as deployed
// (LIGHTHOUSE_PROTOCOL=http1: straight to the Node process). Each page runs LIGHTHOUSE_RUNS times (3), the pages taking
// turns so a busy moment hits all of them; each figure printed is the median of its runs, beside the reference's
// median and the load average, since simulated throttling scales the CPU time it observes. Where a goal is missed it
// prints what costs the points in the median run. LIGHTHOUSE_PAGES=login,overview picks pages; LIGHTHOUSE_KEEP=<dir>
// writes each run's full report there (<page>-<round>.json), to read its trace-based audits at leisure, and the run's
// artifacts (trace, network log) in <page>-<round>/, which bench/lantern-path.mjs reads to show what the simulated
// largest paint waited for.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startHttp2Front } from './http2-front.mjs';
import { buildReferenceSite, REFERENCE_PATH } from './lighthouse-reference.mjs';
import { DEMO, freePort, loadAverage as load, signIn, startServer, stopServer, waitForDemoImport } from './support.mjs';

const desktop = process.env.LIGHTHOUSE_PRESET === 'desktop';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/**
 * How the browser reaches the server: 'h2' (the default) through a TLS front speaking HTTP/2 (bench/http2-front.mjs),
 * as docs/deployment.md deploys the app, or 'http1' straight to the Node process, which no owner's browser does (its
 * scripts and calls then queue on six connections, which Lighthouse's simulation charges a round trip each).
 */
const PROTOCOL = process.env.LIGHTHOUSE_PROTOCOL ?? 'h2';
if (!['h2', 'http1'].includes(PROTOCOL)) throw new Error(`LIGHTHOUSE_PROTOCOL is h2 or http1, not ${PROTOCOL}`);

/** Issue 32's goals per page; `signedIn` pages run with the demo's session in localStorage. */
const PAGES = [
  {
    key: 'login',
    name: '/login',
    path: '/login',
    signedIn: false,
    goals: { performance: 98, accessibility: 100 },
  },
  {
    key: 'overview',
    name: 'Overview',
    path: '/main-menu/dashboard',
    signedIn: true,
    goals: { performance: 90, accessibility: 100, tbt: 200, lcp: 2500, cls: 0.02 },
  },
  { key: 'reports', name: 'Reports', path: '/main-menu/reports', signedIn: true, goals: { performance: 85 } },
  { key: 'settings', name: 'Settings', path: '/main-menu/settings', signedIn: true, goals: { performance: 85 } },
];
const chosen = process.env.LIGHTHOUSE_PAGES?.split(',');
const pages = chosen ? PAGES.filter((p) => chosen.includes(p.key)) : PAGES;

/** The figures of one run. */
function figures(lhr) {
  const a = lhr.audits;
  const score = (category) => Math.round((lhr.categories[category].score ?? 0) * 100);
  const scripts = (a['network-requests'].details?.items ?? []).filter((r) => r.resourceType === 'Script');
  return {
    lhr,
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    si: a['speed-index'].numericValue,
    jsFiles: scripts.length,
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
  };
}

const median = (values) => {
  const sorted = values.filter((v) => v !== undefined).sort((x, y) => x - y);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : undefined;
};

/** Per figure, the median of the runs; `run` is the run with the median performance score, for its diagnostics. */
function medianOf(runs) {
  const keys = ['performance', 'accessibility', 'fcp', 'lcp', 'tbt', 'cls', 'si', 'jsFiles', 'jsBytes'];
  const m = Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))]));
  const byScore = [...runs].sort((x, y) => x.performance - y.performance);
  return { ...m, run: byScore[Math.floor((byScore.length - 1) / 2)], all: runs };
}

const ms = (v) => (v === undefined ? 'n/a' : `${Math.round(v)} ms`);

function printPage(page, m, ref) {
  const scores = m.all.map((r) => r.performance).join('/');
  console.log(
    `  ${page.name}: performance ${m.performance} (runs ${scores}; reference ${ref.performance}), TBT ${ms(m.tbt)} (reference ${ms(ref.tbt)}), LCP ${ms(m.lcp)}, FCP ${ms(m.fcp)}, CLS ${m.cls?.toFixed(3) ?? 'n/a'}, Speed Index ${ms(m.si)}, accessibility ${m.accessibility} | JavaScript ${m.jsFiles} files, ${(m.jsBytes / 1024).toFixed(1)} KB`,
  );
  const g = page.goals;
  const misses = [];
  if (m.performance < g.performance) misses.push(`performance ${m.performance} < ${g.performance}`);
  if (g.accessibility && m.accessibility < g.accessibility) misses.push(`accessibility ${m.accessibility}`);
  if (g.tbt && m.tbt > g.tbt) misses.push(`TBT > ${g.tbt} ms`);
  if (g.lcp && m.lcp > g.lcp) misses.push(`LCP > ${g.lcp} ms`);
  if (g.cls !== undefined && m.cls > g.cls) misses.push(`CLS > ${g.cls}`);
  if (misses.length) {
    console.log(`    goal missed: ${misses.join(', ')}`);
    explain(m.run.lhr);
  }
  return misses.length === 0;
}

/** What costs the points in a run: each metric's lost weight, whose script time it was, the longest tasks. */
function explain(lhr) {
  const a = lhr.audits;
  if (lhr.runtimeError) console.log(`    Lighthouse could not finish: ${lhr.runtimeError.message}`);
  for (const audit of Object.values(a)
    .filter((x) => x.errorMessage)
    .slice(0, 5)) {
    console.log(`    ${audit.id} failed: ${audit.errorMessage}`);
  }
  for (const r of lhr.categories.performance.auditRefs.filter((x) => x.weight > 0)) {
    const audit = a[r.id];
    const lost = (1 - (audit.score ?? 0)) * r.weight;
    if (lost > 0)
      console.log(`    costs ${lost.toFixed(1)} of ${r.weight} points: ${audit.title} = ${audit.displayValue}`);
  }
  for (const item of (a['bootup-time']?.details?.items ?? []).slice(0, 4)) {
    console.log(
      `    script time: ${new URL(item.url, 'http://x').pathname} ${Math.round(item.scripting)} ms running, ${Math.round(item.scriptParseCompile)} ms parsing`,
    );
  }
  const tasks = (a['long-tasks']?.details?.items ?? []).slice(0, 3);
  if (tasks.length) {
    const list = tasks.map((t) => `${Math.round(t.duration)} ms (${new URL(t.url, 'http://x').pathname})`);
    console.log(`    longest tasks: ${list.join(', ')}`);
  }
  // Lighthouse 13 gives its advice as insight audits (`*-insight`) where 12 had opportunities.
  for (const audit of Object.values(a)) {
    const advice = audit.details?.type === 'opportunity' || audit.id.endsWith('-insight');
    if (advice && (audit.score ?? 1) < 0.9) {
      console.log(`    opportunity: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    }
  }
  for (const r of lhr.categories.accessibility.auditRefs) {
    const audit = a[r.id];
    if (audit.score !== null && audit.score < 1) {
      const nodes = (audit.details?.items ?? []).map((i) => i.node?.snippet).filter(Boolean);
      console.log(`    accessibility: ${audit.title}${nodes.length ? `: ${nodes.slice(0, 3).join(' ')}` : ''}`);
    }
  }
}

/**
 * Opens `url` in a new tab over the DevTools protocol, evaluates `expression` there once it has loaded, clears the
 * browser's cache and closes the tab: nothing stays connected while Lighthouse runs.
 */
async function inTab(port, url, expression) {
  const target = await (await fetch(`http://127.0.0.1:${port}/json/new?${url}`, { method: 'PUT' })).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let next = 0;
  const pending = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  };
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result)));
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    for (let i = 0; ; i++) {
      // While the tab navigates there may be no page to ask: asked again.
      const loaded = await send('Runtime.evaluate', {
        expression: `document.readyState === 'complete' && location.href === ${JSON.stringify(url)}`,
        returnByValue: true,
      }).catch(() => null);
      if (loaded?.result.value) break;
      if (i > 300) throw new Error(`${url} did not load in a tab`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const { result, exceptionDetails } = await send('Runtime.evaluate', { expression, returnByValue: true });
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    await send('Network.clearBrowserCache');
    return result.value;
  } finally {
    socket.close();
    await fetch(`http://127.0.0.1:${port}/json/close/${target.id}`);
  }
}

export async function measureLighthouse() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brade-bench-'));
  const webDist = mkdtempSync(path.join(tmpdir(), 'brade-bench-web-'));
  await buildReferenceSite(webDist);
  // The front first: it makes its certificate, which may fail, before anything else is running.
  const serverPort = await freePort();
  const front = PROTOCOL === 'h2' ? await startHttp2Front(`http://127.0.0.1:${serverPort}`, await freePort()) : null;
  // Behind the front the pages' public address is the front's, as PUBLIC_URL is the proxy's in production.
  const env = { WEB_DIST: webDist, ...(front ? { PUBLIC_URL: front.url } : {}) };
  const server = await startServer(dataDir, serverPort, env, 300_000).catch(async (error) => {
    await front?.stop();
    throw error;
  });
  const origin = front?.url ?? server.url;
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', ...(front ? ['--ignore-certificate-errors'] : [])],
  });
  try {
    let session = await signIn(server.url, DEMO.email, DEMO.password);
    await waitForDemoImport(server.url, session);

    /**
     * Every run is a first visit (nothing cached) with the storage the page needs: the demo's session for a
     * signed-in page, as the web app keeps it (apps/web/src/api/session.ts), none for /login. Lighthouse's own
     * storage reset is off, since it would also clear the session. Returns what the storage held before, so a
     * session a signed-in run refreshed carries on into the next.
     */
    const prepare = (signedIn) =>
      inTab(
        chrome.port,
        `${origin}/favicon.svg`,
        `(() => {
          const before = { id: localStorage.getItem('id'), access_token: localStorage.getItem('access_token'),
            refresh_token: localStorage.getItem('refresh_token') };
          const s = ${JSON.stringify(signedIn ? session : null)};
          localStorage.clear();
          if (s) {
            localStorage.setItem('id', s.id);
            localStorage.setItem('access_token', s.access_token);
            localStorage.setItem('refresh_token', s.refresh_token);
            localStorage.setItem('email', ${JSON.stringify(DEMO.email)});
          }
          return before;
        })()`,
      );

    const config = desktop ? desktopConfig : undefined;
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
    };
    // With LIGHTHOUSE_KEEP, the run's artifacts are saved as gathered (Lighthouse's -G), then audited from there (-A).
    const gather = async (url, name) => {
      const keep = process.env.LIGHTHOUSE_KEEP;
      if (!keep) return lighthouse(url, flags, config);
      const dir = path.join(keep, name);
      await lighthouse(url, { ...flags, gatherMode: dir }, config);
      return lighthouse(url, { ...flags, auditMode: dir }, config);
    };
    let lastSignedIn = false;
    const run = async (page, round) => {
      const before = await prepare(page.signedIn);
      // The previous run was signed in: it may have refreshed the tokens, and the server turned the old ones away.
      if (lastSignedIn && before.access_token && before.refresh_token) session = { ...session, ...before };
      if (lastSignedIn && page.signedIn) await prepare(true);
      lastSignedIn = page.signedIn;
      const { lhr } = await gather(`${origin}${page.path}`, `${page.key}-${round}`);
      if (!lhr.finalDisplayedUrl.endsWith(page.path))
        throw new Error(`the ${page.name} run ended on ${lhr.finalDisplayedUrl}`);
      return figures(lhr);
    };

    console.log(
      `Lighthouse ${desktop ? 'desktop' : 'mobile'} preset, ${PROTOCOL === 'h2' ? 'HTTP/2 through a TLS front, as deployed' : 'HTTP/1.1 straight to the Node process'}, median of ${RUNS} runs per page; load average before: ${load()}`,
    );
    const reference = { key: 'reference', name: 'reference page', path: REFERENCE_PATH, signedIn: false };
    const runs = new Map([reference, ...pages].map((p) => [p.key, []]));
    const loads = [];
    for (let i = 0; i < RUNS; i++) {
      for (const page of [reference, ...pages]) {
        const result = await run(page, i + 1);
        runs.get(page.key).push(result);
        // A run Lighthouse could not score counts as 0 in the median: say why, whichever run it was.
        if (result.lhr.runtimeError || result.lhr.categories.performance.score === null) {
          const failed = Object.values(result.lhr.audits).find((x) => x.errorMessage);
          console.log(
            `  ${page.name}, round ${i + 1}: no score (${result.lhr.runtimeError?.message ?? `${failed?.id}: ${failed?.errorMessage}`})`,
          );
        }
        if (process.env.LIGHTHOUSE_KEEP) {
          mkdirSync(process.env.LIGHTHOUSE_KEEP, { recursive: true });
          writeFileSync(
            path.join(process.env.LIGHTHOUSE_KEEP, `${page.key}-${i + 1}.json`),
            JSON.stringify(result.lhr),
          );
        }
      }
      loads.push(loadavg()[0]);
      console.log(`  round ${i + 1} done, load average ${load()}`);
    }
    const ref = medianOf(runs.get('reference'));
    console.log(
      `  reference page (fonts and one Chart.js chart, no app code): performance ${ref.performance} (runs ${ref.all.map((r) => r.performance).join('/')}), TBT ${ms(ref.tbt)}, LCP ${ms(ref.lcp)}, FCP ${ms(ref.fcp)}, CLS ${ref.cls?.toFixed(3)}`,
    );
    let ok = true;
    for (const page of pages) ok = printPage(page, medianOf(runs.get(page.key)), ref) && ok;
    console.log(
      `  load average (1 min) after each round: ${loads.map((n) => n.toFixed(2)).join(', ')}; now ${load()} on ${availableParallelism()} cores`,
    );
    return ok;
  } finally {
    chrome.kill();
    await front?.stop();
    await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await measureLighthouse()) ? 0 : 1);
