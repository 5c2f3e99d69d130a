/**
 * Benchmark tooling, not part of the server (bench/assistant.mjs): BradeBot's built-in analyst on the owners' 120
 * development questions and the project's 48 new phrasings (the demo salon on 27 November 2026), and on its 87 phrasings (the demo salon and a
 * second generated salon, 18 months each), on the embedded database in this process. Prints one JSON line: the rates
 * and every answer time.
 *   node apps/server/build.mjs --bench && node apps/server/dist/bench/assistant-questions.js
 */
import { addMonths, firstDayOf, monthOf } from '@brade/contract';
import { demo } from '@brade/sandbox';
import { DEV_NOW, DEV_TODAY, seedDevSalon } from '../../apps/server/src/test/bradebot/demo-books.js';
import { devMarker } from '../../apps/server/src/test/bradebot/dev-marking.js';
import { OWN_ANSWERS, OWN_QUESTIONS } from '../../apps/server/src/test/bradebot/own-set.js';
import { questionMarker } from '../../apps/server/src/test/question-marking.js';
import { seedSalon } from '../../apps/server/src/test/seed-salon.js';
import { signUpAndConfirm, startTestServer } from '../../apps/server/src/test/test-server.js';

const server = await startTestServer({ clock: () => DEV_NOW });
try {
  const dev = await seedDevSalon(server);
  const marker = devMarker(server, DEV_TODAY, DEV_NOW);
  await marker.mark(dev); // warm-up: the database's caches and plans
  const devMarked = await marker.mark(dev);
  const ownMarked = await marker.mark(dev, undefined, { questions: OWN_QUESTIONS, answers: OWN_ANSWERS });
  const history = { from: firstDayOf(addMonths(monthOf(DEV_TODAY), -demo.DEMO_HISTORY_MONTHS)), to: DEV_TODAY };
  const sets = [];
  for (const [name, seed, scale] of [
    ['the demo salon', demo.DEMO_SALON.seed, demo.DEMO_SALON.salesPerDayScale],
    ['a second generated salon', 'second-salon-for-bradebot', 0.6],
  ] as const) {
    const owner = await signUpAndConfirm(server);
    await seedSalon(server.ctx.database.db, owner.id, { seed, salesPerDayScale: scale, days: history });
    const setMarker = questionMarker(server, DEV_TODAY);
    await setMarker.mark({ id: owner.id, token: owner.access_token }); // warm-up, as for the development questions
    const marked = await setMarker.mark({ id: owner.id, token: owner.access_token });
    sets.push({
      name,
      right: marked.filter((m) => m.right).length,
      total: marked.length,
      wrong: marked.filter((m) => m.wrongFigures.length > 0).length,
      ms: marked.map((m) => m.ms),
      misses: marked.filter((m) => !m.right).map((m) => `${m.question} -> ${m.answer}`),
    });
  }
  const count = (v: string) => devMarked.filter((m) => m.verdict === v).length;
  console.log(
    JSON.stringify({
      slowest: devMarked
        .map((m) => ({ ms: m.ms, q: m.question }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 8),
      dev: {
        total: devMarked.length,
        right: count('right'),
        wrong: count('wrong figure'),
        different: count('different question'),
        declined: count('declined'),
        ms: devMarked.map((m) => m.ms),
        misses: devMarked
          .filter((m) => m.verdict !== 'right')
          .map((m) => `${m.id} ${m.verdict}: ${m.question} -> ${m.answer}`),
      },
      own: {
        total: ownMarked.length,
        right: ownMarked.filter((m) => m.verdict === 'right').length,
        wrong: ownMarked.filter((m) => m.verdict === 'wrong figure').length,
        different: ownMarked.filter((m) => m.verdict === 'different question').length,
        declined: ownMarked.filter((m) => m.verdict === 'declined').length,
        ms: ownMarked.map((m) => m.ms),
        misses: ownMarked
          .filter((m) => m.verdict !== 'right')
          .map((m) => `${m.id} ${m.verdict}: ${m.question} -> ${m.answer}`),
      },
      sets,
    }),
  );
} finally {
  await server.close();
}
