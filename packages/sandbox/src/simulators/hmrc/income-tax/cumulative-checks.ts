import { HMRC_EXPENSE_CATEGORIES } from '@brade/contract';
import type { HmrcRefusal } from './itsa-guard';
import type { CumulativeSummary } from './summaries-store';

/**
 * The request body checks of "Create or Amend a Self-Employment Cumulative Period Summary", as HMRC's description
 * states them: the body's shape (RULE_INCORRECT_OR_EMPTY_BODY_SUBMITTED), each amount within its range to the penny
 * (FORMAT_VALUE), the dates (FORMAT_START_DATE, FORMAT_END_DATE, RULE_END_DATE_BEFORE_START_DATE), and never both
 * consolidated and itemised expenses (RULE_BOTH_EXPENSES_SUPPLIED).
 */
const MAX = 99_999_999_999.99;
const INCOME = ['turnover', 'other', 'taxTakenOffTradingIncome'];
const EXPENSES = ['consolidatedExpenses', ...HMRC_EXPENSE_CATEGORIES];
const DISALLOWABLE = HMRC_EXPENSE_CATEGORIES.map((category) => `${category}Disallowable`);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (text: unknown): text is string => {
  if (typeof text !== 'string' || !DAY.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
};

const EMPTY_BODY: HmrcRefusal = [
  400,
  'RULE_INCORRECT_OR_EMPTY_BODY_SUBMITTED',
  'An empty or non-matching body was submitted',
];
const FORMAT_VALUE: HmrcRefusal = [400, 'FORMAT_VALUE', 'The value must be between 0 and 99999999999.99'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isPennies = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** An object of amounts with only these keys, each a number in range to two decimals; what is wrong, or null. */
function amounts(value: unknown, keys: readonly string[], min: number): HmrcRefusal | null {
  if (!isRecord(value) || Object.keys(value).length === 0) return EMPTY_BODY;
  for (const [key, amount] of Object.entries(value)) {
    if (!keys.includes(key)) return EMPTY_BODY;
    if (typeof amount !== 'number' || !Number.isFinite(amount)) return EMPTY_BODY;
    if (amount < min || amount > MAX || !isPennies(amount)) return FORMAT_VALUE;
  }
  return null;
}

export function checkCumulativeBody(body: unknown): CumulativeSummary | HmrcRefusal {
  if (!isRecord(body) || Object.keys(body).length === 0) return EMPTY_BODY;
  const allowed = ['periodDates', 'periodIncome', 'periodExpenses', 'periodDisallowableExpenses'];
  if (Object.keys(body).some((key) => !allowed.includes(key))) return EMPTY_BODY;
  const dates = body.periodDates;
  // Brade's owners are quarterly (their ITSA status is not 'annual'): the dates are required for them.
  if (!isRecord(dates) || Object.keys(dates).some((key) => key !== 'periodStartDate' && key !== 'periodEndDate'))
    return [400, 'RULE_MISSING_SUBMISSION_DATES', 'Submission start/end date not provided'];
  if (dates.periodStartDate === undefined || dates.periodEndDate === undefined)
    return [400, 'RULE_MISSING_SUBMISSION_DATES', 'Submission start/end date not provided'];
  if (!isDay(dates.periodStartDate)) return [400, 'FORMAT_START_DATE', 'The provided Start date is invalid'];
  if (!isDay(dates.periodEndDate)) return [400, 'FORMAT_END_DATE', 'The provided End date is invalid'];
  if (dates.periodEndDate < dates.periodStartDate)
    return [400, 'RULE_END_DATE_BEFORE_START_DATE', 'The supplied accounting period end date is before the start date'];
  // "Submissions must include values for income and expenses, even if the values are zero."
  if (body.periodIncome === undefined || body.periodExpenses === undefined) return EMPTY_BODY;
  const problem =
    amounts(body.periodIncome, INCOME, 0) ??
    amounts(body.periodExpenses, EXPENSES, -MAX) ??
    (body.periodDisallowableExpenses === undefined
      ? null
      : amounts(body.periodDisallowableExpenses, DISALLOWABLE, -MAX));
  if (problem) return problem;
  const expenses = body.periodExpenses as Record<string, number>;
  if ('consolidatedExpenses' in expenses && Object.keys(expenses).length > 1)
    return [
      400,
      'RULE_BOTH_EXPENSES_SUPPLIED',
      'Both expenses and consolidatedExpenses can not be present at the same time',
    ];
  return body as unknown as CumulativeSummary;
}
