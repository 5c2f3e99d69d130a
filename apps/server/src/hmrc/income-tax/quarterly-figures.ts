import {
  addDays,
  CONSOLIDATED_EXPENSES_LIMIT_PENCE,
  type DayRange,
  type ExpensesMode,
  formatPence,
  HMRC_EXPENSE_LABELS,
  INCOME_TAX_MESSAGES,
  longDay,
  PROCESSOR_NAMES,
  processorOf,
  type QuarterlyFigures,
  taxYearOfDay,
} from '@brade/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { listConnections } from '../../integrations/connection-store.js';
import { readVatSettings } from '../../settings/vat-settings.js';
import { sentUpdateOf } from './obligations.js';
import {
  type CategoryFigure,
  type QuarterlyBooks,
  quarterlyBooks,
  sameSummary,
  summaryOf,
  totalDisallowablePence,
  totalExpensesPence,
} from './quarterly-books.js';
import { readCategoryMap, readDisallowable } from './settings-store.js';
import { incomeTaxUpdates } from './tables.js';

const pounds = (pence: number) => Math.round(pence) / 100;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The books of a period as the update would carry them, with the owner's mapping and disallowable marks. */
export async function booksOfPeriod(db: Db, userId: string, period: DayRange): Promise<QuarterlyBooks> {
  const [map, marks] = await Promise.all([readCategoryMap(db, userId), readDisallowable(db, userId)]);
  return quarterlyBooks(db, userId, period, map, marks);
}

/** Expenses may go as one total while the year-to-date turnover is not over £90,000 (HMRC checks the same). */
export const consolidatedAllowed = (books: QuarterlyBooks) => books.turnover.pence <= CONSOLIDATED_EXPENSES_LIMIT_PENCE;

/** What may look wrong in an update, in words (docs/finance.md, "Income Tax": warnings). */
async function warnings(db: Db, userId: string, period: DayRange, books: QuarterlyBooks, today: string) {
  const found: Array<{ code: string; text: string }> = [];
  const { count, pence } = books.uncategorised;
  if (count > 0)
    found.push({
      code: 'uncategorised',
      text: `${plural(count, 'payment', 'payments')} (${formatPence(pence)}) in this period ${count === 1 ? 'is' : 'are'} Uncategorised: ${count === 1 ? 'it goes' : 'they go'} to HMRC as other business expenses. Move ${count === 1 ? 'it' : 'them'} to ${count === 1 ? 'its category' : 'their categories'} first (Other business expenses → Uncategorised).`,
    });
  if (books.unknownCredits.count > 0)
    found.push({
      code: 'unknown_credits',
      text: `${formatPence(books.unknownCredits.pence)} of money in that Brade could not place is counted as other business income. If any of it is your own money or a loan, move it first.`,
    });
  if (books.turnover.pence < 0) found.push({ code: 'negative_turnover', text: INCOME_TAX_MESSAGES.negativeTurnover });
  if (period.to >= today)
    found.push({
      code: 'not_ended',
      text: `This period runs to ${longDay(period.to)}: what comes in or goes out before then is not in these figures yet.`,
    });
  const linked = (await listConnections(db, userId)).filter((c) => c.status !== 'disconnected');
  const dayAfter = addDays(period.to, 1);
  for (const connection of linked) {
    const name = PROCESSOR_NAMES[processorOf(connection.provider)];
    const synced = connection.lastSyncedAt?.toISOString().slice(0, 10) ?? null;
    if (synced === null || (synced < dayAfter && synced < today))
      found.push({
        code: 'not_synced',
        text:
          synced === null
            ? `${name} has not been imported yet: its transactions are missing from these figures.`
            : `${name} was last imported on ${longDay(synced)}, before the period’s end: transactions after that are missing from these figures.`,
      });
  }
  if (!linked.some((c) => c.provider === 'bank'))
    found.push({
      code: 'no_bank',
      text: 'No business bank account is connected: Brade reads costs from the bank, so the expenses may leave costs out.',
    });
  return found;
}

const categoryOf = (f: CategoryFigure) => ({
  category: f.category,
  amount: pounds(f.pence),
  count: f.count,
  disallowable: pounds(f.disallowablePence),
  mapped_by_owner: f.mappedByOwner,
});

/** The latest update Brade sent for exactly this period, if any. */
export async function lastSentFor(db: Db, userId: string, period: DayRange) {
  const [row] = await db
    .select()
    .from(incomeTaxUpdates)
    .where(
      and(
        eq(incomeTaxUpdates.userId, userId),
        eq(incomeTaxUpdates.periodStart, period.from),
        eq(incomeTaxUpdates.periodEnd, period.to),
        eq(incomeTaxUpdates.state, 'sent'),
      ),
    )
    .orderBy(desc(incomeTaxUpdates.sentAt), desc(incomeTaxUpdates.createdAt))
    .limit(1);
  return row ?? null;
}

/** A period's figures as the Quarterly update page shows them (docs/product.md, "Screens and routes"). */
export async function quarterlyFigures(
  db: Db,
  userId: string,
  period: DayRange,
  expenses: ExpensesMode,
  today: string,
): Promise<QuarterlyFigures> {
  const [books, vat, last] = await Promise.all([
    booksOfPeriod(db, userId, period),
    readVatSettings(db, userId),
    lastSentFor(db, userId, period),
  ]);
  const found = await warnings(db, userId, period, books, today);
  if (expenses === 'consolidated' && !consolidatedAllowed(books))
    found.push({ code: 'consolidated_not_allowed', text: INCOME_TAX_MESSAGES.consolidatedNotAllowed });
  const changed = last ? !sameSummary(last.summary, summaryOf(books, period, last.expenses)) : false;
  if (changed)
    found.push({
      code: 'changed_since_sent',
      text: 'The books have changed since this update was sent: send it again to give HMRC the corrected figures.',
    });
  const total = totalExpensesPence(books);
  const disallowable = totalDisallowablePence(books);
  return {
    start: period.from,
    end: period.to,
    tax_year: taxYearOfDay(period.to),
    basis:
      vat.scheme === 'not_registered'
        ? 'Turnover is your takings as they were paid (the business is not VAT-registered).'
        : vat.scheme === 'flat_rate'
          ? 'Turnover is your takings less the flat-rate VAT, as your books count it (Flat Rate Scheme).'
          : 'Turnover and expenses are net of VAT, as your books count them (VAT-registered).',
    turnover: { amount: pounds(books.turnover.pence), categories: books.turnover.categories.map(categoryOf) },
    other_income: { amount: pounds(books.other.pence), categories: books.other.categories.map(categoryOf) },
    expenses: books.expenses.map((e) => ({
      hmrc_category: e.hmrcCategory,
      label: HMRC_EXPENSE_LABELS[e.hmrcCategory],
      amount: pounds(e.pence),
      disallowable: pounds(e.disallowablePence),
      categories: e.categories.map(categoryOf),
    })),
    total_expenses: pounds(total),
    total_disallowable: pounds(disallowable),
    net_profit: pounds(books.turnover.pence + books.other.pence - (total - disallowable)),
    left_out: books.leftOut.map((l) => ({ category: l.category, amount: pounds(l.pence), count: l.count, why: l.why })),
    consolidated_allowed: consolidatedAllowed(books),
    warnings: found,
    last_sent: last ? sentUpdateOf(last) : null,
    changed_since_sent: changed,
  };
}
