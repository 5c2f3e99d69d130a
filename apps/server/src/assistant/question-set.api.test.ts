import { addMonths, DEMO_ACCOUNT, firstDayOf, monthOf } from '@brade/contract';
import { demo } from '@brade/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_SET } from '../test/bradebot/question-set.js';
import { questionMarker } from '../test/question-marking.js';
import { seedSalon } from '../test/seed-salon.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';

/**
 * The built-in analyst against the question set (docs/assistant.md, "How it is measured"), for the demo salon and a
 * second generated salon: at least 90 % right and never a wrong figure. test/question-marking.ts works out every
 * expected figure from the API's own calls.
 */
const NOW = new Date('2026-11-20T15:00:00Z');
const TODAY = '2026-11-20';

let server: TestServer;
const salons: Array<{ name: string; id: string; token: string }> = [];
beforeAll(async () => {
  server = await startTestServer({ clock: () => NOW });
  const { db } = server.ctx.database;
  const history = { from: firstDayOf(addMonths(monthOf(TODAY), -demo.DEMO_HISTORY_MONTHS)), to: TODAY };
  for (const [name, seed, salesPerDayScale] of [
    ['the demo salon', demo.DEMO_SALON.seed, demo.DEMO_SALON.salesPerDayScale],
    ['a second generated salon', 'second-salon-for-bradebot', 0.6],
  ] as const) {
    const owner = await signUpAndConfirm(server);
    await seedSalon(db, owner.id, { seed, salesPerDayScale, days: history });
    salons.push({ name, id: owner.id, token: owner.access_token });
  }
}, 240_000);
afterAll(() => server?.close());

describe('the built-in analyst answers the question set', { timeout: 240_000 }, () => {
  it('has at least 80 phrasings', () => {
    expect(QUESTION_SET.length).toBeGreaterThanOrEqual(80);
    expect(DEMO_ACCOUNT.email).toBeTruthy();
  });

  for (const index of [0, 1]) {
    it(`answers at least 90 % right and never states a wrong figure, for salon ${index + 1}`, async () => {
      const salon = salons[index]!;
      const marked = await questionMarker(server, TODAY).mark(salon);
      const right = marked.filter((m) => m.right).length;
      const rate = right / marked.length;
      const misses = marked.filter((m) => !m.right).map((m) => `${m.question} -> ${m.answer}`);
      console.info(`${salon.name}: ${right}/${marked.length} right (${(rate * 100).toFixed(1)} %)`);
      if (process.env.SHOW_ANSWERS) console.info(marked.map((m) => `${m.question} -> ${m.answer}`).join('\n'));
      if (misses.length > 0) console.info(misses.join('\n'));
      expect(marked.flatMap((m) => m.wrongFigures.map((f) => `${m.question}: ${f} in "${m.answer}"`))).toEqual([]);
      expect(rate).toBeGreaterThanOrEqual(0.9);
    });
  }
});
