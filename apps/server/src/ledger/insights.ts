import type { DayRange } from '@brade/contract';
import { and, asc, between, eq, inArray, min, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { isServiceRow } from './clients.js';
import { netAmount, SALES_KINDS } from './kinds.js';
import { ledgerTransactions as lt } from './tables.js';

/**
 * Counts and breakdowns of the books that BradeBot answers from (docs/assistant.md, "The tools"), on the kinds and
 * days every figure uses (docs/finance.md): card payments and refunds by processor, takings by day of the week,
 * gift vouchers, clients' spend, the bank's money in and out. Amounts are pence; "gross" is as paid (VAT included),
 * "net" is net of VAT like every figure.
 */

/** The first Europe/London day the owner's books hold, or null. */
export async function firstBookDay(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ day: min(lt.localDate) })
    .from(lt)
    .where(eq(lt.userId, userId));
  return row?.day ?? null;
}

export interface ProcessorFigures {
  provider: string;
  /** Card sales (payments), how many and their sum. */
  sales: number;
  salesGrossPence: number;
  salesNetPence: number;
  refunds: number;
  /** Refunds, positive. */
  refundsGrossPence: number;
  refundsNetPence: number;
  /** The processor's fees, positive (card fees carry no VAT). */
  feesPence: number;
}

/**
 * Card payments, refunds and fees by processor over a range. Sales counted from a bank payout (a processor whose
 * sales are not in the ledger; docs/finance.md, "Card payouts") come back as provider 'bank'.
 */
export async function processorFigures(db: Db, userId: string, range: DayRange): Promise<ProcessorFigures[]> {
  const who = lt.provider;
  const rows = await db
    .select({
      provider: who,
      sales: sql<string>`count(*) filter (where ${lt.kind} = 'sale')`,
      salesGross: sql<string>`coalesce(sum(${lt.amountPence}) filter (where ${lt.kind} = 'sale'), 0)`,
      salesNet: sql<string>`coalesce(sum(${netAmount}) filter (where ${lt.kind} = 'sale'), 0)`,
      refunds: sql<string>`count(*) filter (where ${lt.kind} = 'refund')`,
      refundsGross: sql<string>`coalesce(-sum(${lt.amountPence}) filter (where ${lt.kind} = 'refund'), 0)`,
      refundsNet: sql<string>`coalesce(-sum(${netAmount}) filter (where ${lt.kind} = 'refund'), 0)`,
      fees: sql<string>`coalesce(-sum(${netAmount}) filter (where ${lt.kind} = 'fee'), 0)`,
    })
    .from(lt)
    .where(
      and(
        eq(lt.userId, userId),
        inArray(lt.kind, ['sale', 'refund', 'fee']),
        between(lt.localDate, range.from, range.to),
      ),
    )
    .groupBy(who)
    .orderBy(who);
  return rows.map((r) => ({
    provider: r.provider,
    sales: Number(r.sales),
    salesGrossPence: Number(r.salesGross),
    salesNetPence: Number(r.salesNet),
    refunds: Number(r.refunds),
    refundsGrossPence: Number(r.refundsGross),
    refundsNetPence: Number(r.refundsNet),
    feesPence: Number(r.fees),
  }));
}

/** Each refund of a range, oldest first: its day, amount as refunded (positive) and processor. */
export async function refundsIn(db: Db, userId: string, range: DayRange, limit = 20) {
  const rows = await db
    .select({ day: sql<string>`${lt.localDate}::text`, pence: lt.amountPence, provider: lt.provider })
    .from(lt)
    .where(and(eq(lt.userId, userId), eq(lt.kind, 'refund'), between(lt.localDate, range.from, range.to)))
    .orderBy(asc(lt.occurredAt))
    .limit(limit);
  return rows.map((r) => ({ day: r.day, pence: -Number(r.pence), provider: r.provider }));
}

export interface WeekdayFigures {
  /** Monday = 0 … Sunday = 6. */
  weekday: number;
  /** Revenue (sales less refunds, net of VAT) taken on this day of the week. */
  revenuePence: number;
  /** Card payments (sales) taken on it. */
  payments: number;
  /** How many of these days fell in the range, and on how many there were sales. */
  days: number;
  tradingDays: number;
}

/** Takings by day of the week (Europe/London days) over a range. */
export async function weekdayFigures(db: Db, userId: string, range: DayRange): Promise<WeekdayFigures[]> {
  const dow = sql<number>`((extract(isodow from ${lt.localDate})::int) - 1)`;
  const rows = await db
    .select({
      weekday: dow,
      revenue: sql<string>`coalesce(sum(${netAmount}), 0)`,
      payments: sql<string>`count(*) filter (where ${lt.kind} = 'sale')`,
      tradingDays: sql<string>`count(distinct ${lt.localDate}) filter (where ${lt.kind} = 'sale')`,
    })
    .from(lt)
    .where(and(eq(lt.userId, userId), inArray(lt.kind, [...SALES_KINDS]), between(lt.localDate, range.from, range.to)))
    .groupBy(dow);
  const byDay = new Map(rows.map((r) => [Number(r.weekday), r]));
  const counts = new Array<number>(7).fill(0);
  for (
    let d = new Date(`${range.from}T00:00:00Z`);
    d.toISOString().slice(0, 10) <= range.to;
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    counts[(d.getUTCDay() + 6) % 7]! += 1;
  }
  return counts.map((days, weekday) => {
    const r = byDay.get(weekday);
    return {
      weekday,
      revenuePence: Number(r?.revenue ?? 0),
      payments: Number(r?.payments ?? 0),
      days,
      tradingDays: Number(r?.tradingDays ?? 0),
    };
  });
}

export interface VoucherFigures {
  sold: number;
  soldGrossPence: number;
  soldNetPence: number;
  redeemed: number;
  /** The value of services paid with vouchers (no money moves; as the processor records the tender). */
  redeemedPence: number;
}

/** Gift vouchers sold and spent over a range (docs/finance.md, "Clients": what a sale paid for). */
export async function voucherFigures(db: Db, userId: string, range: DayRange): Promise<VoucherFigures> {
  const [row] = await db
    .select({
      sold: sql<string>`count(*) filter (where ${lt.kind} = 'sale' and ${lt.salePurpose} = 'voucher_sale')`,
      soldGross: sql<string>`coalesce(sum(${lt.amountPence}) filter (where ${lt.kind} = 'sale' and ${lt.salePurpose} = 'voucher_sale'), 0)`,
      soldNet: sql<string>`coalesce(sum(${netAmount}) filter (where ${lt.kind} = 'sale' and ${lt.salePurpose} = 'voucher_sale'), 0)`,
      redeemed: sql<string>`count(*) filter (where ${lt.kind} = 'voucher_redemption')`,
      redeemedPence: sql<string>`coalesce(sum(abs(${lt.amountPence})) filter (where ${lt.kind} = 'voucher_redemption'), 0)`,
    })
    .from(lt)
    .where(
      and(
        eq(lt.userId, userId),
        inArray(lt.kind, ['sale', 'voucher_redemption']),
        between(lt.localDate, range.from, range.to),
      ),
    );
  return {
    sold: Number(row?.sold ?? 0),
    soldGrossPence: Number(row?.soldGross ?? 0),
    soldNetPence: Number(row?.soldNet ?? 0),
    redeemed: Number(row?.redeemed ?? 0),
    redeemedPence: Number(row?.redeemedPence ?? 0),
  };
}

/**
 * The clients who spent most over a range: card sales for services less refunds, as paid, with their visits (days
 * with a service). Only payers the processor identified, as retention follows them (ledger/retention.ts).
 */
export async function topClients(db: Db, userId: string, range: DayRange, limit: number) {
  const known = sql`(${lt.payerCustomerKey} is not null or ${lt.payerCardKey} is not null or ${lt.payerEmailKey} is not null)`;
  const rows = await db
    .select({
      client: lt.clientId,
      pence: sql<string>`coalesce(sum(${lt.amountPence}) filter (where ${lt.kind} in ('sale', 'refund')), 0)`,
      visits: sql<string>`count(distinct ${lt.localDate}) filter (where ${isServiceRow})`,
    })
    .from(lt)
    .where(
      and(eq(lt.userId, userId), sql`${lt.clientId} is not null`, known, between(lt.localDate, range.from, range.to)),
    )
    .groupBy(lt.clientId)
    .orderBy(sql`2 desc`, lt.clientId)
    .limit(limit);
  return rows.map((r) => ({ client: r.client!, pence: Number(r.pence), visits: Number(r.visits) }));
}

/** Money into and out of the business bank account over a range (every bank line, whatever its kind). */
export async function bankFlow(db: Db, userId: string, range: DayRange) {
  const [row] = await db
    .select({
      into: sql<string>`coalesce(sum(${lt.amountPence}) filter (where ${lt.amountPence} > 0), 0)`,
      out: sql<string>`coalesce(-sum(${lt.amountPence}) filter (where ${lt.amountPence} < 0), 0)`,
      lines: sql<string>`count(*)`,
    })
    .from(lt)
    .where(and(eq(lt.userId, userId), eq(lt.provider, 'bank'), between(lt.localDate, range.from, range.to)));
  const inPence = Number(row?.into ?? 0);
  const outPence = Number(row?.out ?? 0);
  return { inPence, outPence, netPence: inPence - outPence, lines: Number(row?.lines ?? 0) };
}

/** Sales and refunds as paid (VAT included): what clients paid, for "takings including VAT". */
export async function grossTakings(db: Db, userId: string, range: DayRange) {
  const [row] = await db
    .select({
      sales: sql<string>`coalesce(sum(${lt.amountPence}) filter (where ${lt.kind} = 'sale'), 0)`,
      refunds: sql<string>`coalesce(-sum(${lt.amountPence}) filter (where ${lt.kind} = 'refund'), 0)`,
    })
    .from(lt)
    .where(and(eq(lt.userId, userId), inArray(lt.kind, [...SALES_KINDS]), between(lt.localDate, range.from, range.to)));
  const salesPence = Number(row?.sales ?? 0);
  const refundsPence = Number(row?.refunds ?? 0);
  return { salesPence, refundsPence, takingsPence: salesPence - refundsPence };
}

/**
 * New clients of a range: people whose first visit (a day with a service, of a payer the processor identified, as
 * retention follows them: ledger/retention.ts) falls in it, over all of the owner's books.
 */
export async function newClientsIn(db: Db, userId: string, range: DayRange): Promise<number> {
  const known = sql`(${lt.payerCustomerKey} is not null or ${lt.payerCardKey} is not null or ${lt.payerEmailKey} is not null)`;
  const firsts = db
    .select({ first: sql<string>`min(${lt.localDate})`.as('first') })
    .from(lt)
    .where(and(eq(lt.userId, userId), sql`${lt.clientId} is not null`, isServiceRow, known))
    .groupBy(lt.clientId)
    .as('firsts');
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(firsts)
    .where(sql`${firsts.first} between ${range.from}::date and ${range.to}::date`);
  return Number(row?.n ?? 0);
}
