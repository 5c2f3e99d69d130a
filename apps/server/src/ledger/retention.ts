import {
  addDays,
  addMonths,
  firstDayOf,
  lastDayOf,
  monthOf,
  NATIONAL_NEW_CLIENT_RETENTION_PERCENT,
  type NewClientRetention,
  type OverallRetention,
  type RetentionResponse,
  retentionCoverageNote,
} from '@brade/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { isServiceRow } from './clients.js';

/** How far back and forward retention looks, in days (docs/finance.md, "Retention"). */
export const RETENTION_WINDOW_DAYS = 90;
/** How many measurable months each series gives. */
export const RETENTION_MONTHS = 6;

/** One client's visit: a Europe/London day on which they had a service (ledger/clients.ts). */
export interface Visit {
  client: string;
  day: string;
}

const percentOf = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

/**
 * Retention on the salon industry's basis (docs/finance.md, "Retention"), from every visit the owner's books hold:
 * - new-client retention of a month: of the clients whose first visit fell in it, the share with another visit
 *   within 90 days after that first one; only months whose last day is more than 90 days before today, and none
 *   that starts within the first 90 days of the history (its "new" clients were seen before the history began);
 * - overall retention at a month's last day: of the clients seen in the 90 days up to it, the share seen again in
 *   the 90 days after it; only where both windows lie inside the history and before today.
 * The last 6 of each, oldest first.
 */
export function retentionFromVisits(
  visits: readonly Visit[],
  today: string,
): Omit<RetentionResponse, 'national_new_client_percent'> {
  if (visits.length === 0) return { new_client: [], overall: [] };
  const byClient = new Map<string, string[]>();
  let historyStart = visits[0]!.day;
  for (const v of visits) {
    if (v.day < historyStart) historyStart = v.day;
    const days = byClient.get(v.client);
    if (days) days.push(v.day);
    else byClient.set(v.client, [v.day]);
  }
  for (const days of byClient.values()) days.sort();
  const settledBefore = addDays(today, -RETENTION_WINDOW_DAYS); // a window ending before today has passed
  const newFrom = addDays(historyStart, RETENTION_WINDOW_DAYS);

  const newClient: NewClientRetention[] = [];
  const overall: OverallRetention[] = [];
  for (let month = monthOf(settledBefore); newClient.length < RETENTION_MONTHS; month = addMonths(month, -1)) {
    if (firstDayOf(month) < newFrom) break;
    if (lastDayOf(month) >= settledBefore) continue;
    let cohort = 0;
    let returned = 0;
    for (const days of byClient.values()) {
      const first = days[0]!;
      if (monthOf(first) !== month) continue;
      cohort += 1;
      const until = addDays(first, RETENTION_WINDOW_DAYS);
      if (days.some((d) => d > first && d <= until)) returned += 1;
    }
    newClient.unshift({ month, new_clients: cohort, returned, percent: percentOf(returned, cohort) });
  }
  for (let month = monthOf(settledBefore); overall.length < RETENTION_MONTHS; month = addMonths(month, -1)) {
    const date = lastDayOf(month);
    const seenFrom = addDays(date, 1 - RETENTION_WINDOW_DAYS);
    if (seenFrom < historyStart) break;
    if (date >= settledBefore) continue;
    const until = addDays(date, RETENTION_WINDOW_DAYS);
    let seen = 0;
    let again = 0;
    for (const days of byClient.values()) {
      if (!days.some((d) => d >= seenFrom && d <= date)) continue;
      seen += 1;
      if (days.some((d) => d > date && d <= until)) again += 1;
    }
    overall.unshift({ date, clients: seen, seen_again: again, percent: percentOf(again, seen) });
  }
  return { new_client: newClient, overall };
}

/**
 * Every (client, day) with a service of a payer the processor identified (a customer id, a card fingerprint or an
 * e-mail): an anonymous payment (SumUp shows only a card's last four digits) is a client of its own for revenue per
 * client, but nobody whose return could be seen, so it would count as a new client who never came back.
 */
export async function clientVisits(db: Db, userId: string): Promise<Visit[]> {
  const rows = rowsOf<{ client: string; day: string }>(
    await db.execute(sql`
      select distinct client_id as client, local_date::text as day from ledger_transactions
      where user_id = ${userId} and ${isServiceRow}
        and (payer_customer_key is not null or payer_card_key is not null or payer_email_key is not null)`),
  );
  return rows;
}

/** The share of the year's visits (services, up to today) whose payer is known, whole percent; null without any. */
export async function knownVisitPercent(db: Db, userId: string, today: string): Promise<number | null> {
  const [row] = rowsOf<{ known: string; visits: string }>(
    await db.execute(sql`
      select count(*) filter (where payer_customer_key is not null or payer_card_key is not null
          or payer_email_key is not null) as known, count(*) as visits
      from ledger_transactions
      where user_id = ${userId} and ${isServiceRow} and local_date between ${addDays(today, -365)} and ${today}`),
  );
  const visits = Number(row?.visits ?? 0);
  return visits === 0 ? null : Math.round((Number(row!.known) / visits) * 100);
}

/**
 * New-client and overall retention for the owner's last 6 measurable months, with the share of visits they are
 * measured on: the one source the dashboard, the Monthly Summary and BradeBot read (docs/finance.md, "Retention").
 */
export async function retention(db: Db, userId: string, today: string): Promise<RetentionResponse> {
  const [visits, known] = await Promise.all([clientVisits(db, userId), knownVisitPercent(db, userId, today)]);
  return {
    ...retentionFromVisits(visits, today),
    national_new_client_percent: NATIONAL_NEW_CLIENT_RETENTION_PERCENT,
    coverage: retentionCoverageNote(known),
  };
}
