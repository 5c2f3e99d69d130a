import { DEMO_ACCOUNT } from '@brade/contract';
import { demo } from '@brade/sandbox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.js';
import { DEMO_GOALS, DEMO_VAT } from '../demo/prepare-demo-account.js';
import { saveBankBalance } from '../integrations/bank-balances.js';
import { saveFinancialGoals } from '../settings/financial-goals.js';
import { saveVatSettings } from '../settings/vat-service.js';
import { seedSalon } from '../test/seed-salon.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import { devMarker } from './test/dev-marking.js';

/**
 * The built-in analyst on the owners' 120 development questions (docs/assistant.md, "How it is measured"), for the
 * demo salon as its owner sees it on Friday 27 November 2026 at 15:00: its books from 1 June 2025 as the adapters
 * import them, its goals, its VAT registration and a bank balance. At least 95 % right, no wrong figure, no answer to
 * a different question (declining is allowed but not right). One seeded server for the whole file.
 */
const NOW = new Date('2026-11-27T15:00:00Z');
const TODAY = '2026-11-27';

let server: TestServer;
let salon: { id: string; token: string };
beforeAll(async () => {
  server = await startTestServer({ clock: () => NOW });
  const { db } = server.ctx.database;
  const owner = await signUpAndConfirm(server);
  await seedSalon(db, owner.id, {
    seed: demo.DEMO_SALON.seed,
    salesPerDayScale: demo.DEMO_SALON.salesPerDayScale,
    days: { from: '2025-06-01', to: TODAY },
    asAdapters: true,
  });
  await saveFinancialGoals(db, owner.id, DEMO_GOALS);
  await saveVatSettings(db, owner.id, DEMO_VAT);
  // The bank's balance as its last import read it: an opening balance and every statement line since.
  const [bank] = rowsOf<{ pence: string }>(
    await db.execute(sql`select coalesce(sum(amount_pence), 0) as pence from ledger_transactions where user_id = ${owner.id} and provider = 'bank'`),
  );
  await saveBankBalance(db, {
    userId: owner.id,
    accountIdentity: 'demo-current-account',
    balance: { currency: 'GBP', bookedPence: 1_000_000 + Number(bank!.pence), availablePence: null, referenceDate: TODAY },
    readAt: NOW,
  });
  salon = { id: owner.id, token: owner.access_token };
}, 240_000);
afterAll(() => server?.close());

describe("the built-in analyst answers the owners' development questions", { timeout: 240_000 }, () => {
  it('is right on at least 95 %, with no wrong figure and no answer to a different question', async () => {
    expect(DEMO_ACCOUNT.email).toBeTruthy();
    const marked = await devMarker(server, TODAY, NOW).mark(salon);
    expect(marked).toHaveLength(120);
    const count = (v: string) => marked.filter((m) => m.verdict === v).length;
    console.info(
      `development questions: ${count('right')}/120 right, ${count('wrong figure')} wrong figures, ${count('different question')} different questions, ${count('declined')} declined`,
    );
    for (const m of marked.filter((x) => x.verdict !== 'right')) console.info(`${m.id} ${m.verdict}: ${m.question} -> ${m.answer} [${m.problems.join('; ')}]`);
    expect(marked.filter((m) => m.verdict === 'wrong figure').map((m) => `${m.id}: ${m.problems.join('; ')}`)).toEqual([]);
    expect(marked.filter((m) => m.verdict === 'different question').map((m) => `${m.id}: ${m.problems.join('; ')}`)).toEqual([]);
    expect(count('right') / 120).toBeGreaterThanOrEqual(0.95);
  });
});
