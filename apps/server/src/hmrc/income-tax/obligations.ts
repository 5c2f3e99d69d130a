import {
  type Obligation,
  type ObligationStatus,
  type QuarterType,
  type SentUpdate,
  startYearOf,
  type TaxYear,
  taxYearEnd,
  taxYearLabel,
  taxYearOfDay,
  taxYearStart,
  updatePeriods,
  updateYearOfDay,
} from '@brade/contract';
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { summaryTotals } from './quarterly-books.js';
import { incomeTaxObligations, incomeTaxUpdates } from './tables.js';

/** An update period as the page lists it: HMRC's obligation, or one of Brade's own periods. */
export interface ShownPeriod {
  start: string;
  end: string;
  due: string;
  fulfilled: boolean;
  received: string | null;
}

/** Sent once met; else open while the period runs, due until its deadline, overdue after it. */
export function obligationStatus(
  period: Pick<ShownPeriod, 'end' | 'due' | 'fulfilled'>,
  today: string,
): ObligationStatus {
  if (period.fulfilled) return 'sent';
  if (today <= period.end) return 'open';
  return today <= period.due ? 'due' : 'overdue';
}

/** The tax year an obligation belongs to: the year its period ends in (a calendar year's last ends on 31 March). */
export const taxYearOfPeriod = (end: string): TaxYear => taxYearOfDay(end);

/** The tax year the page opens on: this one once its first quarter has ended, else the last one. */
export function defaultTaxYear(today: string, type: QuarterType): TaxYear {
  const year = updateYearOfDay(today, type);
  const first = updatePeriods(year, type)[0]!;
  return today <= first.end && startYearOf(year) > 2025 ? taxYearLabel(startYearOf(year) - 1) : year;
}

/** The tax years the page offers, newest first: from 2025-26, when cumulative updates began, to this one. */
export function offeredTaxYears(today: string): TaxYear[] {
  const current = startYearOf(taxYearOfDay(today));
  return Array.from({ length: Math.max(1, current - 2025 + 1) }, (_, i) => taxYearLabel(current - i));
}

/** HMRC's obligations for a tax year are asked for over the year's own days (at most 366 apart). */
export const obligationWindow = (taxYear: TaxYear) => ({ from: taxYearStart(taxYear), to: taxYearEnd(taxYear) });

export async function saveObligations(
  db: Db,
  userId: string,
  businessId: string,
  taxYear: TaxYear,
  found: Array<Omit<ShownPeriod, 'fulfilled'> & { status: 'open' | 'fulfilled' }>,
  now: Date,
): Promise<void> {
  const { from, to } = { from: `${startYearOf(taxYear)}-04-01`, to: taxYearEnd(taxYear) };
  await db.transaction(async (tx) => {
    await tx
      .delete(incomeTaxObligations)
      .where(
        and(
          eq(incomeTaxObligations.userId, userId),
          eq(incomeTaxObligations.businessId, businessId),
          gte(incomeTaxObligations.end, from),
          lte(incomeTaxObligations.end, to),
        ),
      );
    if (found.length > 0)
      await tx.insert(incomeTaxObligations).values(
        found.map((o) => ({
          userId,
          businessId,
          start: o.start,
          end: o.end,
          due: o.due,
          status: o.status,
          received: o.received,
          readAt: now,
        })),
      );
  });
}

/** The obligations HMRC last gave for a business and tax year, oldest first. */
export async function cachedObligations(db: Db, userId: string, businessId: string, taxYear: TaxYear) {
  const rows = await db
    .select()
    .from(incomeTaxObligations)
    .where(and(eq(incomeTaxObligations.userId, userId), eq(incomeTaxObligations.businessId, businessId)))
    .orderBy(incomeTaxObligations.end);
  return rows
    .filter((row) => taxYearOfPeriod(row.end) === taxYear)
    .map((row) => ({
      start: row.start,
      end: row.end,
      due: row.due,
      fulfilled: row.status === 'fulfilled',
      received: row.received,
    }));
}

/** Every obligation HMRC last gave, of every business and year: what the reminders read. */
export async function allCachedObligations(db: Db, userId: string) {
  return db.select().from(incomeTaxObligations).where(eq(incomeTaxObligations.userId, userId));
}

/** Marks HMRC's cached obligations up to `end` met, after Brade sent an update reaching it (cumulative). */
export async function markCachedMet(
  db: Db,
  userId: string,
  businessId: string,
  taxYear: TaxYear,
  end: string,
  day: string,
) {
  const rows = await cachedObligations(db, userId, businessId, taxYear);
  for (const row of rows.filter((r) => !r.fulfilled && r.end <= end)) {
    await db
      .update(incomeTaxObligations)
      .set({ status: 'fulfilled', received: day })
      .where(
        and(
          eq(incomeTaxObligations.userId, userId),
          eq(incomeTaxObligations.businessId, businessId),
          eq(incomeTaxObligations.end, row.end),
        ),
      );
  }
}

type UpdateRow = typeof incomeTaxUpdates.$inferSelect;

export function sentUpdateOf(row: UpdateRow): SentUpdate {
  const sent = summaryTotals(row.summary);
  const held = row.hmrcHolds ? summaryTotals(row.hmrcHolds) : null;
  return {
    id: row.id,
    tax_year: row.taxYear,
    start: row.periodStart,
    end: row.periodEnd,
    sent_at: (row.sentAt ?? row.createdAt).toISOString(),
    expenses: row.expenses,
    turnover: sent.turnoverPence / 100,
    other_income: sent.otherPence / 100,
    total_expenses: sent.expensesPence / 100,
    total_disallowable: sent.disallowablePence / 100,
    correlation_id: row.correlationId,
    hmrc_holds:
      row.hmrcHolds && held
        ? {
            start: row.hmrcHolds.periodDates.periodStartDate,
            end: row.hmrcHolds.periodDates.periodEndDate,
            turnover: held.turnoverPence / 100,
            other_income: held.otherPence / 100,
            total_expenses: held.expensesPence / 100,
            total_disallowable: held.disallowablePence / 100,
          }
        : null,
    sandbox: row.sandbox,
  };
}

/** The updates Brade sent for a tax year, newest first. */
export async function sentUpdates(db: Db, userId: string, taxYear: TaxYear): Promise<UpdateRow[]> {
  return db
    .select()
    .from(incomeTaxUpdates)
    .where(
      and(
        eq(incomeTaxUpdates.userId, userId),
        eq(incomeTaxUpdates.taxYear, taxYear),
        eq(incomeTaxUpdates.state, 'sent'),
      ),
    )
    .orderBy(desc(incomeTaxUpdates.sentAt), desc(incomeTaxUpdates.createdAt));
}

/**
 * The page's obligations: each period with its status and the last update Brade sent for it. Brade's own periods
 * count as met once Brade sent an update reaching their end (updates are cumulative).
 */
export function shownObligations(
  periods: ShownPeriod[],
  sent: UpdateRow[],
  taxYear: TaxYear,
  today: string,
  ownPeriods: boolean,
): Obligation[] {
  return periods.map((period, i) => {
    const lastSent = sent.find((row) => row.periodEnd === period.end) ?? null;
    const reached = sent.find((row) => row.periodEnd >= period.end);
    const fulfilled = period.fulfilled || (ownPeriods && !!reached);
    return {
      tax_year: taxYear,
      quarter: i + 1,
      start: period.start,
      end: period.end,
      due: period.due,
      status: obligationStatus({ ...period, fulfilled }, today),
      received:
        period.received ?? (ownPeriods && reached ? (reached.sentAt?.toISOString().slice(0, 10) ?? null) : null),
      sent: lastSent ? sentUpdateOf(lastSent) : null,
    };
  });
}
