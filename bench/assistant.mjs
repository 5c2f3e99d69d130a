// BradeBot's built-in analyst (docs/assistant.md, "How it is measured"): the share of the owners' 120 development
// questions answered right (every expected figure from the API's own calls; wrong figures and answers to a different
// question counted apart), the share of the project's 48 new phrasings on the same salon, the share of its 87 phrasings answered right for two generated salons, and the
// answer time, p50 and p95 (budget: p95 under 100 ms), on the embedded database in one process
// (bench/drivers/assistant-questions.ts, built from the current source).
//   node bench/assistant.mjs        (npm run bench runs it with the others)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildBenchDrivers, root } from './support.mjs';

const BUDGET_MS = 100;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const rate = (right, total) => `${right}/${total} right (${((right / total) * 100).toFixed(1)} %)`;

export async function measureAssistant({ build = true } = {}) {
  if (build) buildBenchDrivers();
  const run = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/bench/assistant-questions.js')], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'test' },
  });
  if (run.status !== 0) throw new Error(`the BradeBot driver failed: ${run.stderr}`);
  const result = JSON.parse(run.stdout.trim().split('\n').at(-1));
  const { dev, own, sets } = result;
  console.log(
    `BradeBot, owners' development questions: ${rate(dev.right, dev.total)}, ${dev.wrong} wrong figures, ${dev.different} answers to a different question, ${dev.declined} declined`,
  );
  for (const m of dev.misses) console.log(`  not right: ${m}`);
  console.log(
    `BradeBot, the project's new phrasings: ${rate(own.right, own.total)}, ${own.wrong} wrong figures, ${own.different} answers to a different question, ${own.declined} declined`,
  );
  for (const m of own.misses) console.log(`  not right: ${m}`);
  for (const s of sets) {
    console.log(
      `BradeBot, the project's phrasings, ${s.name}: ${rate(s.right, s.total)}, ${s.wrong} with a wrong figure`,
    );
    for (const m of s.misses) console.log(`  not right: ${m}`);
  }
  console.log(`  slowest answers: ${result.slowest.map((x) => `${x.ms.toFixed(0)} ms “${x.q}”`).join('; ')}`);
  const times = [...dev.ms, ...own.ms, ...sets.flatMap((s) => s.ms)].sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  const ok = p95 <= BUDGET_MS;
  console.log(
    `BradeBot answer time over ${times.length} answers: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; budget p95 ${BUDGET_MS} ms → ratio ${(p95 / BUDGET_MS).toFixed(2)} ${ok ? '(within budget)' : '(OVER BUDGET)'}`,
  );
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await measureAssistant()) ? 0 : 1);
