import { demo } from '@brade/sandbox';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { DEMO_GOALS, DEMO_VAT } from '../../demo/prepare-demo-account.js';
import { saveBankBalance } from '../../integrations/bank-balances.js';
import { saveVatSettings } from '../../ledger/vat-settings-change.js';
import { saveFinancialGoals } from '../../settings/financial-goals.js';
import { seedSalon } from '../seed-salon.js';
import { signUpAndConfirm, type TestServer } from '../test-server.js';

/** The day the development questions were asked (their README): Friday 27 November 2026, at 15:00. */
export const DEV_NOW = new Date('2026-11-27T15:00:00Z');
export const DEV_TODAY = '2026-11-27';
/** The books begin on 1 June 2025. */
export const DEV_BOOKS_FROM = '2025-06-01';

/**
 * An owner with the demo salon's books as its owner sees them when the development questions are asked: every
 * record from 1 June 2025 as the adapters import them, the demo's goals and VAT registration, and the bank's balance
 * as the last import read it (an opening balance and every statement line since).
 */
export async function seedDevSalon(server: TestServer): Promise<{ id: string; token: string }> {
  const { db } = server.ctx.database;
  const owner = await signUpAndConfirm(server);
  await seedSalon(db, owner.id, {
    seed: demo.DEMO_SALON.seed,
    salesPerDayScale: demo.DEMO_SALON.salesPerDayScale,
    days: { from: DEV_BOOKS_FROM, to: DEV_TODAY },
    asAdapters: true,
  });
  await saveFinancialGoals(db, owner.id, DEMO_GOALS);
  await saveVatSettings(db, owner.id, DEMO_VAT);
  const [bank] = rowsOf<{ pence: string }>(
    await db.execute(
      sql`select coalesce(sum(amount_pence), 0) as pence from ledger_transactions where user_id = ${owner.id} and provider = 'bank'`,
    ),
  );
  await saveBankBalance(db, {
    userId: owner.id,
    accountIdentity: 'demo-current-account',
    balance: {
      currency: 'GBP',
      bookedPence: 1_000_000 + Number(bank!.pence),
      availablePence: null,
      referenceDate: DEV_TODAY,
    },
    readAt: DEV_NOW,
  });
  return { id: owner.id, token: owner.access_token };
}
