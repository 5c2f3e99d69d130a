// Time to build a month's Sales Report model with 5,000 sales and render it to PDF (budget: 1 s), printed as a
// ratio to rendering the same model to CSV. The renderers are the TypeScript sources of packages/contract, bundled
// once with esbuild (hoisted from apps/server's dev dependencies) because Node 20 cannot run TypeScript.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from './support.mjs';

const BUDGET_MS = 1000;
const SALES = 5000;
const RUNS = 7;

async function loadRenderers(dir) {
  const reports = path.join(root, 'packages/contract/src/reports');
  const outfile = path.join(dir, 'report-renderers.mjs');
  await build({
    stdin: {
      contents: `
        export { renderReportPdf } from './pdf/index.ts';
        export { reportToCsv } from './csv.ts';
        export { salesReportOfManySales } from './sample-reports.ts';`,
      resolveDir: reports,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}

const median = (times) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];

function time(fn) {
  fn(); // warm-up: the first run also compiles the code
  const times = [];
  let result;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    result = fn();
    times.push(performance.now() - started);
  }
  return { ms: median(times), result };
}

export async function measureReportPdf() {
  const dir = mkdtempSync(path.join(tmpdir(), 'brade-bench-report-'));
  try {
    const { renderReportPdf, reportToCsv, salesReportOfManySales } = await loadRenderers(dir);
    const model = time(() => salesReportOfManySales(SALES));
    const pdf = time(() => renderReportPdf(model.result));
    const csv = time(() => reportToCsv(model.result));
    const total = model.ms + pdf.ms;
    const within = total <= BUDGET_MS;
    console.log(
      `report for a month of ${SALES.toLocaleString('en-GB')} sales (median of ${RUNS} runs): build model ${model.ms.toFixed(1)} ms; PDF ${pdf.ms.toFixed(0)} ms (${(pdf.result.byteLength / 1024).toFixed(0)} KB); CSV ${csv.ms.toFixed(1)} ms (${(csv.result.length / 1024).toFixed(0)} KB)`,
    );
    console.log(
      `  PDF/CSV render ratio ${(pdf.ms / csv.ms).toFixed(0)}; build + PDF ${total.toFixed(0)} ms, budget ${BUDGET_MS} ms → ratio ${(total / BUDGET_MS).toFixed(2)} ${within ? '(within budget)' : '(OVER BUDGET)'}`,
    );
    return within;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await measureReportPdf()) ? 0 : 1);
