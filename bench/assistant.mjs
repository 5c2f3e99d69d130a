// BradeBot's built-in analyst against the question set (docs/assistant.md, "How it is measured"): the share of
// questions answered right (figure and period, every expected figure worked out from the API's own calls) and the
// answer time, p50 and p95 (budget: p95 under 100 ms), for the demo salon and a second generated salon, each with
// 18 months of books, on the embedded database (PGlite) in this process.
//   npx tsx bench/assistant.mjs

import { questionMarker } from '../apps/server/src/test/question-marking.ts';
import { seedSalon } from '../apps/server/src/test/seed-salon.ts';
import { signUpAndConfirm, startTestServer } from '../apps/server/src/test/test-server.ts';
import { addMonths, firstDayOf, londonDateOf, monthOf } from '../packages/contract/src/index.ts';
import { DEMO_HISTORY_MONTHS, DEMO_SALON } from '../packages/sandbox/src/demo/demo-salon.ts';

const BUDGET_MS = 100;
const now = new Date();
const today = londonDateOf(now);
const server = await startTestServer({ clock: () => now });
const history = { from: firstDayOf(addMonths(monthOf(today), -DEMO_HISTORY_MONTHS)), to: today };
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
try {
  const times = [];
  for (const [name, seed, scale] of [
    ['demo salon', DEMO_SALON.seed, DEMO_SALON.salesPerDayScale],
    ['second generated salon', 'second-salon-for-bradebot', 0.6],
  ]) {
    const owner = await signUpAndConfirm(server);
    await seedSalon(server.ctx.database.db, owner.id, { seed, salesPerDayScale: scale, days: history });
    const marker = questionMarker(server, today);
    await marker.mark({ id: owner.id, token: owner.access_token }); // warm-up: the database's caches and plans
    const marked = await marker.mark({ id: owner.id, token: owner.access_token });
    const right = marked.filter((m) => m.right).length;
    const wrong = marked.filter((m) => m.wrongFigures.length > 0).length;
    const sorted = marked.map((m) => m.ms).sort((a, b) => a - b);
    times.push(...sorted);
    console.log(
      `${name}: ${right}/${marked.length} right (${((right / marked.length) * 100).toFixed(1)} %), ` +
        `${wrong} with a wrong figure; answer time p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`,
    );
    for (const m of marked.filter((x) => !x.right)) console.log(`  not right: ${m.question} -> ${m.answer}`);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  console.log(
    `both salons: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; budget p95 ${BUDGET_MS} ms → ratio ${(p95 / BUDGET_MS).toFixed(2)} ${p95 <= BUDGET_MS ? '(within budget)' : '(OVER BUDGET)'}`,
  );
} finally {
  await server.close();
}
