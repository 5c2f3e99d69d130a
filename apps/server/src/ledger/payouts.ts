import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { PROCESSORS } from './classify.js';

/**
 * How long after the last day a processor's sales are in the ledger its payouts may still arrive in the bank for
 * them: Stripe's first payout comes 7–14 days after the first payment (docs/finance.md, "Card payouts").
 */
export const PAYOUT_LAG_DAYS = 14;

/**
 * Decides, for every bank credit that is a card processor's payout, whether it is a transfer or sales
 * (docs/finance.md, "Card payouts"). The processor's rows in the ledger cover the days from its first row to its
 * last; a payout arriving after the first of those days and at most PAYOUT_LAG_DAYS after the last pays for sales
 * the ledger holds, so it is a transfer; any other payout pays for sales the ledger does not hold, so it is the
 * sales. Connecting or disconnecting a processor changes neither end while its history stays in the ledger, so no
 * figure moves. Returns the days whose rows changed kind (their daily totals need rebuilding).
 */
export async function settlePayouts(db: Db, userId: string): Promise<string[]> {
  // Materialised: each processor's two ends are read once, not once per payout.
  const decided = sql`case when c.first_day < b.local_date and b.local_date <= c.last_day + ${PAYOUT_LAG_DAYS}::int
    then 'transfer' else 'sale' end`;
  const result = await db.execute(sql`
    with coverage as materialized (
      select p.provider,
        (select min(local_date) from ledger_transactions where user_id = ${userId} and provider = p.provider) as first_day,
        (select max(local_date) from ledger_transactions where user_id = ${userId} and provider = p.provider) as last_day
      from unnest(${sql.param([...PROCESSORS])}::text[]) as p(provider)
    )
    update ledger_transactions b set kind = ${decided}
    from coverage c
    where b.user_id = ${userId} and b.provider = 'bank' and b.payout_processor = c.provider
      and b.kind <> ${decided}
    returning b.local_date::text as day`);
  const days = [...new Set(rowsOf<{ day: string }>(result).map((r) => r.day))];
  // Only a payout that stopped being a transfer can leave a pair behind.
  if (days.length > 0) await unpairNonTransfers(db, userId);
  return days;
}

/** A bank credit that stopped being a transfer (it is the sales now) no longer pairs with a payout. */
async function unpairNonTransfers(db: Db, userId: string): Promise<void> {
  await db.execute(sql`
    update ledger_transactions set reconciled_with = null
    where user_id = ${userId} and reconciled_with in (
      select id from ledger_transactions
      where user_id = ${userId} and provider = 'bank' and kind <> 'transfer' and reconciled_with is not null)`);
  await db.execute(sql`
    update ledger_transactions set reconciled_with = null
    where user_id = ${userId} and provider = 'bank' and kind <> 'transfer' and reconciled_with is not null`);
}
