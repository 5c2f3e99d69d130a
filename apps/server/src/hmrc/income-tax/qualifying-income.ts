import {
  mtdVerdict,
  type QualifyingIncome,
  startYearOf,
  type TaxYear,
  taxYearEnd,
  taxYearLabel,
  taxYearOfDay,
  taxYearStart,
} from '@brade/contract';
import type { Db } from '../../db/client.js';
import { firstBookDay } from '../../ledger/category-totals.js';
import { quarterlyBooks } from './quarterly-books.js';

/**
 * The qualifying income of the books' last full tax year (docs/finance.md, "Income Tax"): the tax year that ended
 * last, when the books reach back to its first day; its turnover and other business income before expenses, counted
 * as the quarterly updates count them. Null when the books do not hold a whole tax year.
 */
export async function booksQualifyingIncome(db: Db, userId: string, today: string): Promise<QualifyingIncome | null> {
  const lastEnded = taxYearLabel(startYearOf(taxYearOfDay(today)) - 1);
  const first = await firstBookDay(db, userId);
  if (!first || first > taxYearStart(lastEnded)) return null;
  const books = await quarterlyBooks(
    db,
    userId,
    { from: taxYearStart(lastEnded), to: taxYearEnd(lastEnded) },
    new Map(),
    new Map(),
  );
  return {
    pence: Math.max(0, books.turnover.pence) + Math.max(0, books.other.pence),
    taxYear: lastEnded,
    source: 'books',
  };
}

/** The tax year whose income HMRC uses for this one: two years before it. */
export const decidingTaxYear = (today: string): TaxYear => taxYearLabel(startYearOf(taxYearOfDay(today)) - 2);

export function verdictOf(income: QualifyingIncome | null) {
  if (!income) return null;
  const verdict = mtdVerdict(income);
  return { applies: verdict.applies, decides: verdict.decides, sentence: verdict.sentence };
}
