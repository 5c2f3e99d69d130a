import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { DEV_NOW, DEV_TODAY, seedDevSalon } from './test/demo-books.js';
import { devMarker } from './test/dev-marking.js';

/**
 * The built-in analyst on the owners' 120 development questions (docs/assistant.md, "How it is measured"), for the
 * demo salon as its owner sees it on Friday 27 November 2026 at 15:00. At least 95 % right, no wrong figure, no
 * answer to a different question (declining is allowed but not right). One seeded server for the whole file.
 */
let server: TestServer;
let salon: { id: string; token: string };
beforeAll(async () => {
  server = await startTestServer({ clock: () => DEV_NOW });
  salon = await seedDevSalon(server);
}, 240_000);
afterAll(() => server?.close());

describe("the built-in analyst answers the owners' development questions", { timeout: 240_000 }, () => {
  it('is right on at least 95 %, with no wrong figure and no answer to a different question', async () => {
    const marked = await devMarker(server, DEV_TODAY, DEV_NOW).mark(salon);
    expect(marked).toHaveLength(120);
    const count = (v: string) => marked.filter((m) => m.verdict === v).length;
    console.info(
      `development questions: ${count('right')}/120 right, ${count('wrong figure')} wrong figures, ${count('different question')} different questions, ${count('declined')} declined`,
    );
    if (process.env.SHOW_SLOWEST) {
      // A second pass, warm, for the answer times.
      const warm = await devMarker(server, DEV_TODAY, DEV_NOW).mark(salon);
      console.info([...warm].sort((x, y) => y.ms - x.ms).slice(0, 20).map((m) => `${m.ms.toFixed(0)} ms ${m.id} ${m.question}`).join('\n'));
    }
    for (const m of marked.filter((x) => x.verdict !== 'right')) {
      console.info(`${m.id} ${m.verdict}: ${m.question} -> ${m.answer} [${m.problems.join('; ')}]`);
    }
    expect(marked.filter((m) => m.verdict === 'wrong figure').map((m) => `${m.id}: ${m.problems.join('; ')}`)).toEqual([]);
    expect(marked.filter((m) => m.verdict === 'different question').map((m) => `${m.id}: ${m.problems.join('; ')}`)).toEqual([]);
    expect(count('right') / 120).toBeGreaterThanOrEqual(0.95);
  });
});
