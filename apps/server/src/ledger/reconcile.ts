import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { withOwnerBooks } from './books-lock.js';

/**
 * A payout reaches the bank on its own day or within a few banking days (docs/sandbox.md, "Where the salon's figures
 * come from": payout timing).
 */
const ARRIVAL_DAYS = 5;

/**
 * Pairs each connected processor's payout with the bank credit it became: same processor, same amount, the
 * credit on the payout's day or up to five days later; each side used once, nearest day first. The bank credit is
 * already excluded from revenue as a transfer; the pair records why, and what is left unpaired is visible.
 */
export async function reconcilePayouts(db: Db, userId: string): Promise<number> {
  // One pairing at a time per owner, after any import in progress has committed (books-lock.ts): two at once would
  // each pair from a view without the other's pairs, and could pair one payout with two bank credits.
  return withOwnerBooks(db, userId, async (tx) => {
    // Each pass pairs rows that are each other's nearest match; what they leave behind pairs in the next pass.
    let total = 0;
    for (let pass = 0; pass < 10; pass += 1) {
      const paired = await reconcileOnce(tx, userId);
      total += paired;
      if (paired === 0) break;
    }
    return total;
  });
}

async function reconcileOnce(db: Db, userId: string): Promise<number> {
  const result = await db.execute(sql`
    with candidates as (
      select b.id as bank_id, p.id as payout_id,
        row_number() over (partition by b.id order by b.local_date - p.local_date, p.id) as bank_rank,
        row_number() over (partition by p.id order by b.local_date - p.local_date, b.id) as payout_rank
      from ledger_transactions b
      join ledger_transactions p
        on p.user_id = b.user_id and p.provider = b.payout_processor and p.kind = 'payout'
        and p.reconciled_with is null and p.amount_pence = -b.amount_pence
        and b.local_date between p.local_date and p.local_date + ${ARRIVAL_DAYS}::int
      where b.user_id = ${userId} and b.kind = 'transfer' and b.payout_processor is not null
        and b.reconciled_with is null
    ), pairs as (
      select bank_id, payout_id from candidates where bank_rank = 1 and payout_rank = 1
    )
    update ledger_transactions t
    set reconciled_with = case when t.id = pairs.bank_id then pairs.payout_id else pairs.bank_id end
    from pairs
    where t.id = pairs.bank_id or t.id = pairs.payout_id
    returning t.id`);
  return rowsOf(result).length / 2;
}

/** Bank credits from connected processors not (yet) matched to a payout, and payouts not yet seen in the bank. */
export async function unreconciledPayouts(db: Db, userId: string): Promise<{ bank: number; processor: number }> {
  const result = await db.execute(sql`
    select
      count(*) filter (where provider = 'bank') as bank,
      count(*) filter (where provider <> 'bank') as processor
    from ledger_transactions
    where user_id = ${userId} and reconciled_with is null
      and ((provider = 'bank' and kind = 'transfer' and payout_processor is not null) or kind = 'payout')`);
  const [row] = rowsOf<{ bank: string; processor: string }>(result);
  return { bank: Number(row?.bank ?? 0), processor: Number(row?.processor ?? 0) };
}
