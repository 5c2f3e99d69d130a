// What Lighthouse's simulated largest paint waited for. Lighthouse's mobile preset does not measure the page's largest
// paint: it rebuilds the page's load as a graph (every request and main-thread task before the paint it saw) and
// replays it over a simulated slow 4G and a 4x slower CPU (its "lantern" simulation). This reads the artifacts that
// `LIGHTHOUSE_KEEP=<dir> node bench/lighthouse.mjs` saves (<dir>/<page>-<round>/) and prints, for the optimistic and
// pessimistic graphs Lighthouse averages, each node's simulated start and end, and the chain of nodes the last one
// waited for: which requests and tasks to take out of the way of the largest paint.
//   node bench/lantern-path.mjs <dir>/overview-1 [metric]   (metric: lcp, the default, or fcp)
import path from 'node:path';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';

const [dir, metric = 'lcp'] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node bench/lantern-path.mjs <artifacts dir> [lcp|fcp]');
  process.exit(2);
}
const artifacts = loadArtifacts(path.resolve(dir));
const settings = { ...defaultSettings, ...artifacts.settings };
const context = { computedCache: new Map(), settings };
const data = {
  trace: artifacts.Trace,
  devtoolsLog: artifacts.DevtoolsLog,
  gatherContext: artifacts.GatherContext,
  settings,
  URL: artifacts.URL,
  SourceMaps: artifacts.SourceMaps,
  simulator: null,
  HostDPR: artifacts.HostDPR,
};
const Metric = metric === 'fcp' ? LanternFirstContentfulPaint : LanternLargestContentfulPaint;
const result = await Metric.request(data, context);

const short = (url) => {
  try {
    const u = new URL(url);
    return u.pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, ':id');
  } catch {
    return url;
  }
};
const label = (node) => {
  if (node.type === 'network')
    return `${short(node.request.url)} (${(node.request.transferSize / 1024).toFixed(1)} KB)`;
  const scripts = [...new Set(node.getEvaluateScriptURLs())].map(short);
  const layout = node.didPerformLayout() ? ' layout' : '';
  return `task${layout}${scripts.length ? ` evaluating ${scripts.join(', ')}` : ''}`;
};

console.log(
  `${metric.toUpperCase()} ${Math.round(result.timing)} ms (optimistic ${Math.round(result.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(result.pessimisticEstimate.timeInMs)})`,
);
for (const [name, estimate] of [
  ['optimistic', result.optimisticEstimate],
  ['pessimistic', result.pessimisticEstimate],
]) {
  const timings = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
  console.log(`\n${name}: ${timings.length} nodes, ends at ${Math.round(estimate.timeInMs)} ms`);
  for (const [node, t] of timings) {
    console.log(
      `  ${String(Math.round(t.startTime)).padStart(5)}–${String(Math.round(t.endTime)).padEnd(5)} ${label(node)}`,
    );
  }
  // The chain: from the node that ended last, back through the dependency that ended last each time.
  let [node] = timings.reduce((a, b) => (b[1].endTime > a[1].endTime ? b : a));
  const chain = [];
  while (node) {
    chain.push(node);
    node = node
      .getDependencies()
      .filter((d) => estimate.nodeTimings.has(d))
      .sort((a, b) => estimate.nodeTimings.get(b).endTime - estimate.nodeTimings.get(a).endTime)[0];
  }
  console.log(`  waited for, last first:`);
  for (const n of chain) {
    const t = estimate.nodeTimings.get(n);
    console.log(`    ends ${String(Math.round(t.endTime)).padStart(5)}  ${label(n)}`);
  }
}
