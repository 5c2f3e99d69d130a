import { addDays, longDay, startYearOf, taxYearLabel, updatePeriods, updateYearOfDay } from '@brade/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { legalFormOf } from '../../accounts/users.js';
import type { Db } from '../../db/client.js';
import { allCachedObligations } from './obligations.js';
import { readIncomeTaxSettings } from './settings-store.js';
import { incomeTaxSettings, incomeTaxUpdates } from './tables.js';

/** An update not yet sent, with its deadline: what the Monthly Summary and the reminders tell the owner. */
export interface UpdateDue {
  start: string;
  end: string;
  due: string;
  overdue: boolean;
}

/** How far ahead a deadline is worth mentioning: the next one, and no more. */
const AHEAD_DAYS = 62;

/**
 * A sole trader's quarterly updates still to send (docs/finance.md, "Income Tax": deadlines), for an owner who gave
 * Brade their National Insurance number: HMRC's obligations as Brade last read them, or else the periods of their
 * quarter type, less what Brade sent; those overdue and those due within two months, oldest first.
 */
export async function updatesDue(db: Db, userId: string, today: string): Promise<UpdateDue[]> {
  const [legalForm, settings] = await Promise.all([legalFormOf(db, userId), readIncomeTaxSettings(db, userId)]);
  if (legalForm !== 'sole_trader' || !settings.nino) return [];
  const cached = (await allCachedObligations(db, userId)).filter(
    (o) => !settings.businessId || o.businessId === settings.businessId,
  );
  let open: Array<{ start: string; end: string; due: string }>;
  if (cached.length > 0) open = cached.filter((o) => o.status === 'open');
  else {
    const sent = await db
      .select({ end: incomeTaxUpdates.periodEnd, taxYear: incomeTaxUpdates.taxYear })
      .from(incomeTaxUpdates)
      .where(and(eq(incomeTaxUpdates.userId, userId), eq(incomeTaxUpdates.state, 'sent')));
    const year = startYearOf(updateYearOfDay(today, settings.quarterType));
    open = [year - 1, year]
      .filter((y) => y >= 2026)
      .flatMap((y) => updatePeriods(taxYearLabel(y), settings.quarterType))
      // An update reaching a period's end meets it and every one before it in its year (they are cumulative).
      .filter((p) => !sent.some((s) => s.taxYear === p.taxYear && s.end >= p.end));
  }
  const horizon = addDays(today, AHEAD_DAYS);
  return open
    .filter((o) => o.due <= horizon)
    .sort((a, b) => a.due.localeCompare(b.due))
    .map((o) => ({ start: o.start, end: o.end, due: o.due, overdue: o.due < today }));
}

/** 'Quarterly update due by 7 August 2026', or overdue since. */
export const dueWords = (update: UpdateDue) =>
  update.overdue
    ? `Quarterly update overdue since ${longDay(update.due)}`
    : `Quarterly update due by ${longDay(update.due)}`;
export const periodWords = (update: UpdateDue) => `for ${longDay(update.start)} to ${longDay(update.end)}`;

/** The sole traders who gave Brade their National Insurance number: who may have updates due. */
export async function ownersWithNino(db: Db): Promise<string[]> {
  const rows = await db
    .select({ userId: incomeTaxSettings.userId })
    .from(incomeTaxSettings)
    .where(isNotNull(incomeTaxSettings.nino));
  return rows.map((row) => row.userId);
}
