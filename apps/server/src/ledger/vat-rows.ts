import {
  addDays,
  DEFAULT_CATEGORY_VAT,
  lastQuarterEndOnOrBefore,
  monthOf,
  VAT_TREATMENT_RATES,
  type VatSettings,
  type VatStagger,
  vatQuarterOf,
} from '@brade/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { readVatSettings } from '../settings/vat-settings.js';
import { refreshDailyTotals } from './daily-totals.js';
import { FLAT_RATE_TURNOVER, flatRateOf, quarterStartOf, RELEVANT_GOODS } from './flat-rate.js';

/** Which of the owner's rows to re-derive: all, a range of Europe/London days, or a list of row ids. */
export type VatScope = { from: string; to: string } | { ids: readonly string[] };

/** Kinds whose rows can carry VAT; the others (transfers, payouts, owner's money, loans, taxes) never do. */
const VAT_BEARING_KINDS = ['sale', 'refund', 'other_income', 'expense', 'fee'] as const;
/** Water supplied to non-industrial premises is zero-rated, though it shares the Utilities line with energy. */
const WATER = sql`(category = 'Utilities' and upper(description || ' ' || coalesce(counterparty, '')) like '%WATER%')`;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** A standard-scheme row's rate in basis points: the owner's rate of its category from its date, else the default. */
function standardRate(settings: VatSettings): SQL {
  const owned = [...settings.category_rates]
    .sort((a, b) => (a.effective_from < b.effective_from ? 1 : a.effective_from > b.effective_from ? -1 : 0))
    .map(
      (r) =>
        sql`when category = ${r.category} and local_date >= ${r.effective_from}::date then ${VAT_TREATMENT_RATES[r.treatment]}::int`,
    );
  const defaults = Object.entries(DEFAULT_CATEGORY_VAT).map(
    ([category, treatment]) => sql`when category = ${category} then ${VAT_TREATMENT_RATES[treatment]}::int`,
  );
  return sql`case
    when kind not in (${list(VAT_BEARING_KINDS)}) then 0
    when local_date < ${settings.registered_from}::date then 0
    ${sql.join(owned, sql` `)}
    when ${WATER} then 0
    ${sql.join(defaults, sql` `)}
    when kind in ('sale', 'refund') then 2000
    else 0 end`;
}

/**
 * Re-derives the VAT rate and VAT amount of the owner's rows (all of them, a range of days, or the rows named) from
 * their kind, category and date and the owner's VAT settings (docs/finance.md, "VAT"), then rebuilds the daily totals
 * of the days touched. The one place a row's VAT is decided: the import calls it for the days it writes, saving VAT
 * settings for every row, and a correction of a row's category for that row.
 *
 * Standard scheme: VAT = amount × rate ÷ (100 % + rate), the row's amount being VAT-inclusive. Flat Rate Scheme:
 * VAT = turnover × flat rate. Both rounded to the penny per row, halves away from zero. A VAT payment to or repayment
 * from HMRC is wholly VAT for a registered business (so it leaves the profit and loss); nothing carries VAT for a
 * business that is not registered.
 */
export async function refreshRowVat(db: Db, userId: string, scope?: VatScope): Promise<void> {
  const settings = await readVatSettings(db, userId);
  let within = sql``;
  let days: { from: string; to: string } | undefined;
  if (scope && 'ids' in scope) {
    if (scope.ids.length === 0) return;
    const ids = sql`${sql.param([...scope.ids])}::uuid[]`;
    within = sql`and id = any(${ids})`;
    const [span] = rowsOf<{ from: string | null; to: string | null }>(
      await db.execute(sql`select min(local_date)::text as "from", max(local_date)::text as "to"
        from ledger_transactions where user_id = ${userId} and id = any(${ids})`),
    );
    if (!span?.from || !span.to) return;
    days = { from: span.from, to: span.to };
  } else if (scope) {
    within = sql`and local_date between ${scope.from}::date and ${scope.to}::date`;
    days = { from: scope.from, to: scope.to };
  }

  if (settings.scheme === 'not_registered' || !settings.registered_from) {
    await db.execute(sql`update ledger_transactions set vat_rate_bp = 0, vat_pence = 0
      where user_id = ${userId} ${within} and (vat_rate_bp <> 0 or vat_pence <> 0)`);
  } else if (settings.scheme === 'flat_rate') {
    days = await refreshFlatRateVat(db, userId, settings, days, within, scope);
  } else {
    const vat = sql`round(r.amount_pence::numeric * r.bp / (10000 + r.bp))::bigint`;
    await db.execute(sql`
      update ledger_transactions t set vat_rate_bp = d.bp, vat_pence = d.vat
      from (
        select r.id, r.bp,
          case when r.kind = 'vat_settlement' then r.amount_pence when r.bp = 0 then 0 else ${vat} end as vat
        from (select id, kind, amount_pence, ${standardRate(settings)} as bp
              from ledger_transactions where user_id = ${userId} ${within}) r
      ) d
      where t.id = d.id and (t.vat_rate_bp <> d.bp or t.vat_pence <> d.vat)`);
  }
  await refreshDailyTotals(db, userId, days);
}

/**
 * The Flat Rate Scheme: each quarter's rate follows its limited-cost-trader test (flat-rate.ts), so a change to any
 * row can move the rate of its whole quarter: the days are widened to whole quarters first. Returns the days touched.
 */
async function refreshFlatRateVat(
  db: Db,
  userId: string,
  settings: VatSettings,
  days: { from: string; to: string } | undefined,
  within: SQL,
  scope: VatScope | undefined,
): Promise<{ from: string; to: string } | undefined> {
  const quarters = days
    ? {
        from: vatQuarterOf(monthOf(days.from), settings.stagger).from,
        to: vatQuarterOf(monthOf(days.to), settings.stagger).to,
      }
    : undefined;
  const span = quarters ? sql`and local_date between ${quarters.from}::date and ${quarters.to}::date` : within;
  const reg = settings.registered_from!;
  const start = quarterStartOf(settings.stagger);
  await db.execute(sql`
    with q as (
      select ${start} as qs,
        coalesce(sum(amount_pence) filter (where ${FLAT_RATE_TURNOVER} and local_date >= ${reg}::date), 0) as turnover,
        coalesce(-sum(amount_pence) filter (where ${RELEVANT_GOODS} and local_date >= ${reg}::date), 0) as goods
      from ledger_transactions where user_id = ${userId} ${span} group by 1
    )
    update ledger_transactions t set vat_rate_bp = d.bp, vat_pence = d.vat
    from (
      select r.id, r.bp,
        case when r.kind = 'vat_settlement' then r.amount_pence when r.bp = 0 then 0
          else round(r.amount_pence::numeric * r.bp / 10000)::bigint end as vat
      from (select l.id, l.kind, l.amount_pence, ${flatRateOf(settings, { goods: sql`q.goods`, turnover: sql`q.turnover` })} as bp
            from ledger_transactions l join q on q.qs = ${quarterStartOf(settings.stagger, sql`l.local_date`)}
            where l.user_id = ${userId} ${span}) r
    ) d
    where t.id = d.id and (t.vat_rate_bp <> d.bp or t.vat_pence <> d.vat)`);
  // A correction named rows: their quarters are what changed.
  return scope ? quarters : days;
}

/**
 * The last day of the latest VAT quarter the owner has paid, or null: a payment to HMRC for VAT pays the latest
 * quarter that ended before it (docs/finance.md, "VAT"). An owner's rate change may not reach back into it.
 */
export async function lastPaidVatQuarterEnd(db: Db, userId: string, stagger: VatStagger): Promise<string | null> {
  const [row] = rowsOf<{ paid: string | null }>(
    await db.execute(sql`select max(local_date)::text as paid from ledger_transactions
      where user_id = ${userId} and kind = 'vat_settlement' and amount_pence < 0`),
  );
  return row?.paid ? lastQuarterEndOnOrBefore(addDays(row.paid, -1), stagger) : null;
}
