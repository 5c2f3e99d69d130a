import {
  addDays,
  addMonths,
  DUE_SOON_DAYS,
  monthOf,
  type VatObligation,
  type VatObligationStatus,
  type VatSettings,
  vatDueDate,
  vatQuarterOf,
} from '@brade/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { vatObligations, vatReturns } from './tables.js';
import type { VatObligation as HmrcObligation } from './vat-api.js';

/** What an obligation's status word is on a day (docs/finance.md, "The VAT return"): filed, overdue, due soon, open. */
export function obligationStatus(o: { end: string; due: string; filed: boolean }, today: string): VatObligationStatus {
  if (o.filed) return 'filed';
  if (today > o.due) return 'overdue';
  if (o.end < today && addDays(today, DUE_SOON_DAYS) >= o.due) return 'due_soon';
  return 'open';
}

/**
 * The quarters of the owner's VAT settings (HMRC not connected): those ended in the last 12 months and the one in
 * progress, none ending before registration took effect. Newest first.
 */
export function bookQuarters(settings: VatSettings, today: string): Array<{ start: string; end: string; due: string }> {
  const current = vatQuarterOf(monthOf(today), settings.stagger);
  const quarters = [0, 1, 2, 3, 4].map((back) =>
    vatQuarterOf(addMonths(current.endMonth, -3 * back), settings.stagger),
  );
  return quarters
    .filter((q) => !settings.registered_from || q.to >= settings.registered_from)
    .map((q) => ({ start: q.from, end: q.to, due: vatDueDate(q.to) }));
}

export async function cachedObligations(db: Db, userId: string, vrn: string) {
  return db
    .select()
    .from(vatObligations)
    .where(and(eq(vatObligations.userId, userId), eq(vatObligations.vrn, vrn)));
}

/** HMRC's latest answer replaces what Brade kept of it (one owner, one VRN). */
export async function saveObligations(db: Db, userId: string, vrn: string, found: HmrcObligation[], now: Date) {
  await db.transaction(async (tx) => {
    await tx.delete(vatObligations).where(and(eq(vatObligations.userId, userId), eq(vatObligations.vrn, vrn)));
    if (found.length === 0) return;
    await tx.insert(vatObligations).values(
      found.map((o) => ({
        userId,
        vrn,
        periodKey: o.periodKey,
        start: o.start,
        end: o.end,
        due: o.due,
        status: o.status,
        received: o.received ?? null,
        readAt: now,
      })),
    );
  });
}

/** A period Brade filed: HMRC holds it from now on, whatever the last read said. */
export async function markObligationFiled(db: Db, userId: string, vrn: string, periodKey: string, today: string) {
  await db
    .update(vatObligations)
    .set({ status: 'F', received: today })
    .where(
      and(eq(vatObligations.userId, userId), eq(vatObligations.vrn, vrn), eq(vatObligations.periodKey, periodKey)),
    );
}

/** The periods Brade has filed for the owner, by start and end. */
export async function filedPeriods(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ start: vatReturns.periodStart, end: vatReturns.periodEnd })
    .from(vatReturns)
    .where(and(eq(vatReturns.userId, userId), eq(vatReturns.state, 'filed')));
  return new Set(rows.map((r) => `${r.start}|${r.end}`));
}

/** HMRC's obligations as the page shows them, newest first. */
export function shownObligations(
  found: Array<{
    periodKey: string | null;
    start: string;
    end: string;
    due: string;
    filed: boolean;
    received: string | null;
  }>,
  today: string,
): VatObligation[] {
  return [...found]
    .sort((a, b) => (a.start < b.start ? 1 : -1))
    .map((o) => ({
      period_key: o.periodKey,
      start: o.start,
      end: o.end,
      due: o.due,
      status: obligationStatus(o, today),
      ended: o.end < today,
      received: o.received,
    }));
}

/** The last day of the year of obligations Brade asks HMRC for: today; the first, a year before (HMRC allows 366 days). */
export const obligationWindow = (today: string) => ({ from: addDays(today, -365), to: today });
