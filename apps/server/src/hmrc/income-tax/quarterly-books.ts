import {
  type DayRange,
  defaultHmrcCategoryOf,
  type ExpensesMode,
  HMRC_EXPENSE_CATEGORIES,
  type HmrcExpenseCategory,
  NOT_BUSINESS_INCOME,
} from '@brade/contract';
import type { Db } from '../../db/client.js';
import { categoryTotals, rowsByIds } from '../../ledger/category-totals.js';
import type { SentSummary } from './tables.js';

/**
 * A period of the books in HMRC's self-employment categories (docs/finance.md, "Income Tax"): turnover is sales less
 * refunds, net of VAT for a VAT-registered business as its books are; other income is the other credits that are the
 * business's; expenses go under HMRC's categories by the one mapping, or the owner's own. The owner's money, loans,
 * VAT payments, Corporation Tax and interest received are never in an update. Amounts in pence.
 */
export interface CategoryFigure {
  category: string;
  pence: number;
  count: number;
  disallowablePence: number;
  mappedByOwner: boolean;
}

export interface QuarterlyBooks {
  turnover: { pence: number; categories: CategoryFigure[] };
  other: { pence: number; categories: CategoryFigure[] };
  expenses: Array<{
    hmrcCategory: HmrcExpenseCategory;
    pence: number;
    disallowablePence: number;
    categories: CategoryFigure[];
  }>;
  leftOut: Array<{ category: string; pence: number; count: number; why: string }>;
  uncategorised: { count: number; pence: number };
  unknownCredits: { count: number; pence: number };
}

const LEFT_OUT_WHY = {
  interest: 'Interest on the business account is your savings income on your tax return, not business income.',
  owner_money: 'Your own money going in or out of the business is not its income or its cost.',
  loan: 'A loan received and its repayments are not income or costs (its interest is a cost).',
  vat_settlement: 'VAT paid to or repaid by HMRC is never in a quarterly update.',
  corporation_tax: 'Corporation Tax is a company’s tax, not a sole trader’s cost.',
} as const;

const byAmount = (a: { pence: number; category?: string }, b: { pence: number; category?: string }) =>
  Math.abs(b.pence) - Math.abs(a.pence) || (a.category ?? '').localeCompare(b.category ?? '');

export async function quarterlyBooks(
  db: Db,
  userId: string,
  range: DayRange,
  ownerMap: Map<string, HmrcExpenseCategory>,
  marks: Map<string, number>,
): Promise<QuarterlyBooks> {
  const [totals, marked] = await Promise.all([
    categoryTotals(db, userId, range),
    rowsByIds(db, userId, [...marks.keys()]),
  ]);
  // Disallowable parts of the period's expenses, by the category their row is in now (never more than the row).
  const disallowable = new Map<string, number>();
  for (const row of marked) {
    if (row.day < range.from || row.day > range.to || (row.kind !== 'expense' && row.kind !== 'fee')) continue;
    const part = Math.min(marks.get(row.id) ?? 0, Math.max(0, -row.netPence));
    disallowable.set(row.category, (disallowable.get(row.category) ?? 0) + part);
  }
  const turnover: CategoryFigure[] = [];
  const other: CategoryFigure[] = [];
  const expenses = new Map<HmrcExpenseCategory, CategoryFigure[]>();
  const leftOut: QuarterlyBooks['leftOut'] = [];
  const figure = (category: string, pence: number, count: number, disallowablePence = 0, mappedByOwner = false) => ({
    category,
    pence,
    count,
    disallowablePence,
    mappedByOwner,
  });
  for (const total of totals) {
    const { kind, category, netPence, count } = total;
    if (kind === 'sale' || kind === 'refund') turnover.push(figure(category, netPence, count));
    else if (kind === 'other_income') {
      if (NOT_BUSINESS_INCOME.includes(category))
        leftOut.push({ category, pence: netPence, count, why: LEFT_OUT_WHY.interest });
      else other.push(figure(category, netPence, count));
    } else if (kind === 'expense' || kind === 'fee') {
      const hmrc = ownerMap.get(category) ?? defaultHmrcCategoryOf(category);
      const list = expenses.get(hmrc) ?? [];
      list.push(figure(category, -netPence, count, disallowable.get(category) ?? 0, ownerMap.has(category)));
      expenses.set(hmrc, list);
    } else if (kind in LEFT_OUT_WHY) {
      leftOut.push({ category, pence: netPence, count, why: LEFT_OUT_WHY[kind as keyof typeof LEFT_OUT_WHY] });
    }
    // Transfers, payouts and vouchers spent move no money in or out of the business.
  }
  // Card sales of several categories (and refunds) are one turnover; a category's refunds sit in it.
  const merged = (figures: CategoryFigure[]) => {
    const by = new Map<string, CategoryFigure>();
    for (const f of figures) {
      const known = by.get(f.category);
      by.set(f.category, known ? { ...known, pence: known.pence + f.pence, count: known.count + f.count } : f);
    }
    return [...by.values()].sort(byAmount);
  };
  const sum = (figures: CategoryFigure[], key: 'pence' | 'disallowablePence' = 'pence') =>
    figures.reduce((total, f) => total + f[key], 0);
  const find = (list: CategoryFigure[], name: string) => list.find((f) => f.category === name);
  const uncategorised = [...expenses.values()].flat().find((f) => f.category === 'Uncategorised');
  const unknown = find(other, 'Other income');
  return {
    turnover: { pence: sum(turnover), categories: merged(turnover) },
    other: { pence: sum(other), categories: merged(other) },
    expenses: HMRC_EXPENSE_CATEGORIES.filter((c) => expenses.has(c)).map((hmrcCategory) => {
      const categories = merged(expenses.get(hmrcCategory)!);
      return {
        hmrcCategory,
        pence: sum(categories),
        disallowablePence: sum(categories, 'disallowablePence'),
        categories,
      };
    }),
    leftOut: leftOut.sort(byAmount),
    uncategorised: { count: uncategorised?.count ?? 0, pence: uncategorised?.pence ?? 0 },
    unknownCredits: { count: unknown?.count ?? 0, pence: unknown?.pence ?? 0 },
  };
}

export const totalExpensesPence = (books: QuarterlyBooks) => books.expenses.reduce((t, e) => t + e.pence, 0);
export const totalDisallowablePence = (books: QuarterlyBooks) =>
  books.expenses.reduce((t, e) => t + e.disallowablePence, 0);
const pounds = (pence: number) => Math.round(pence) / 100;

/**
 * HMRC's cumulative period summary of the books (its request body): income always (zeros included, as HMRC asks);
 * expenses by category, each with its disallowable part, or consolidated as one figure of allowable expenses.
 */
export function summaryOf(books: QuarterlyBooks, period: DayRange, mode: ExpensesMode): SentSummary {
  const dates = { periodStartDate: period.from, periodEndDate: period.to };
  const periodIncome = { turnover: pounds(books.turnover.pence), other: pounds(books.other.pence) };
  if (mode === 'consolidated') {
    return {
      periodDates: dates,
      periodIncome,
      periodExpenses: { consolidatedExpenses: pounds(totalExpensesPence(books) - totalDisallowablePence(books)) },
    };
  }
  const expenses = books.expenses.filter((e) => e.pence !== 0);
  const disallowable = books.expenses.filter((e) => e.disallowablePence !== 0);
  return {
    periodDates: dates,
    periodIncome,
    // "Submissions must include values for income and expenses, even if the values are zero."
    periodExpenses:
      expenses.length > 0
        ? Object.fromEntries(expenses.map((e) => [e.hmrcCategory, pounds(e.pence)]))
        : { otherExpenses: 0 },
    ...(disallowable.length > 0
      ? {
          periodDisallowableExpenses: Object.fromEntries(
            disallowable.map((e) => [`${e.hmrcCategory}Disallowable`, pounds(e.disallowablePence)]),
          ),
        }
      : {}),
  };
}

/** A summary's totals in pence: what the page and the sent record show. */
export function summaryTotals(summary: SentSummary) {
  const pence = (n: number | undefined) => Math.round((n ?? 0) * 100);
  const add = (record: Record<string, number> | undefined) =>
    Object.values(record ?? {}).reduce((total, n) => total + pence(n), 0);
  return {
    turnoverPence: pence(summary.periodIncome.turnover),
    otherPence: pence(summary.periodIncome.other),
    expensesPence: add(summary.periodExpenses),
    disallowablePence: add(summary.periodDisallowableExpenses),
  };
}

/** Two summaries say the same thing: the same dates and every amount to the penny (absent is 0). */
export function sameSummary(a: SentSummary, b: SentSummary): boolean {
  if (a.periodDates.periodStartDate !== b.periodDates.periodStartDate) return false;
  if (a.periodDates.periodEndDate !== b.periodDates.periodEndDate) return false;
  const same = (x: Record<string, number> | undefined, y: Record<string, number> | undefined) => {
    const keys = new Set([...Object.keys(x ?? {}), ...Object.keys(y ?? {})]);
    return [...keys].every((key) => Math.round((x?.[key] ?? 0) * 100) === Math.round((y?.[key] ?? 0) * 100));
  };
  return (
    same(a.periodIncome, b.periodIncome) &&
    same(a.periodExpenses, b.periodExpenses) &&
    same(a.periodDisallowableExpenses, b.periodDisallowableExpenses)
  );
}
