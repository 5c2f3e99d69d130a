import {
  addDays,
  addMonths,
  type DayRange,
  FLAT_RATE_LEAVE_LIMIT_PENCE,
  firstDayOf,
  formatPence,
  VAT_REPORT_LABELS as L,
  lastDayOf,
  monthName,
  type ReportLine,
  VAT_THRESHOLD_PENCE,
  VAT_WARNING_SHARE,
  type VatSettings,
  vatDueDate,
  vatQuarterOf,
} from '@brade/contract';
import type { Db } from '../db/client.js';
import { toPounds } from '../ledger/figures.js';
import { flatRateTest, GOODS_SHARE, LIMITED_COST_RATE_BP, QUARTER_FLOOR_PENCE } from '../ledger/flat-rate.js';
import { vatFigures, vatPayments } from '../ledger/vat-figures.js';
import { firstThresholdCrossing, thirtyDayTurnover, yearTurnover } from '../ledger/vat-registration.js';

const row = (description: string, amount: number | null, flags: Partial<ReportLine> = {}): ReportLine => ({
  description,
  amount,
  header: false,
  total: false,
  net_income: false,
  ...flags,
});

/** '7 May 2026'. */
export function longDay(day: string): string {
  return `${Number(day.slice(8, 10))} ${monthName(Number(day.slice(5, 7)))} ${day.slice(0, 4)}`;
}

const percent = (bp: number) => `${(bp / 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })} %`;

/**
 * The VAT view of one month (docs/finance.md, "The VAT view"): for a registered business, the VAT quarter holding the
 * month; for one that is not registered, the 12 months ending with it, against the registration threshold. Every
 * amount adds the rows' own VAT, so it agrees with the figures net of VAT to the penny. `today` ends the period.
 */
export async function buildVatRows(
  db: Db,
  userId: string,
  settings: VatSettings,
  month: string,
  today: string,
): Promise<{ period: DayRange; rows: ReportLine[] }> {
  const clamp = (day: string) => (day > today ? today : day);
  if (settings.scheme === 'not_registered') return notRegisteredRows(db, userId, month, clamp(lastDayOf(month)));

  const quarter = vatQuarterOf(month, settings.stagger);
  const period = { from: quarter.from, to: clamp(quarter.to) };
  // The quarter's payment comes after it ends and before the next quarter's.
  const [figures, payments] = await Promise.all([
    vatFigures(db, userId, period),
    vatPayments(db, userId, { from: addDays(quarter.to, 1), to: lastDayOf(addMonths(quarter.endMonth, 3)) }),
  ]);
  const paidPence = payments.reduce((sum, p) => sum + p.pence, 0);
  const paid = row(L.paid, toPounds(paidPence), {
    subtext:
      payments.length > 0
        ? `Paid ${payments.map((p) => longDay(p.day)).join(', ')}`
        : `Not paid yet; due by ${longDay(vatDueDate(quarter.to))}`,
  });
  if (settings.scheme === 'flat_rate')
    return { period, rows: await flatRateRows(db, userId, settings, period, figures, paid) };
  return {
    period,
    rows: [
      row(L.output, toPounds(figures.outputPence), { subtext: 'VAT in sales, refunds and other income' }),
      row(L.input, toPounds(figures.inputPence), { subtext: 'VAT on purchases, reclaimed' }),
      row(L.due, toPounds(figures.outputPence - figures.inputPence), { total: true }),
      paid,
    ],
  };
}

/**
 * Flat Rate Scheme (docs/finance.md, "Flat Rate Scheme: which rate"): the quarter's turnover, the rates its rows
 * carry, the limited-cost-trader test that chose them with its figures, the VAT due, and a warning to leave the
 * scheme once the last 12 months' VAT-inclusive income passed £230,000.
 */
async function flatRateRows(
  db: Db,
  userId: string,
  settings: VatSettings,
  period: DayRange,
  figures: Awaited<ReturnType<typeof vatFigures>>,
  paid: ReportLine,
): Promise<ReportLine[]> {
  const [test, year] = await Promise.all([
    flatRateTest(db, userId, period, settings),
    yearTurnover(db, userId, period.to),
  ]);
  const rates = figures.flatRatesBp.map(percent).join(', then ');
  const twoPercent = Math.round(test.turnoverPence * GOODS_SHARE);
  const rows = [
    row(L.flatTurnover, toPounds(figures.flatTurnoverPence), { subtext: 'Takings and room rent, VAT-inclusive' }),
    row(L.flatRate, null, {
      subtext: rates === '' ? percent(Math.round((settings.flat_rate_percent ?? 0) * 100)) : rates,
    }),
    row(L.limitedCostTest, null, {
      subtext: `Goods ${formatPence(test.goodsPence)} against 2 % of turnover (${formatPence(twoPercent)}) and ${formatPence(QUARTER_FLOOR_PENCE)} a quarter: ${
        test.limitedCost
          ? `a limited-cost trader, so ${percent(LIMITED_COST_RATE_BP)}`
          : `not a limited-cost trader, so the business's rate of ${percent(Math.round((settings.flat_rate_percent ?? 0) * 100))}`
      }`,
    }),
    row(L.due, toPounds(figures.outputPence), { total: true }),
    paid,
  ];
  if (year.grossPence > FLAT_RATE_LEAVE_LIMIT_PENCE) {
    rows.push(
      row(L.leaveFlatRate, null, {
        subtext: `Warning: ${formatPence(year.grossPence)} VAT-inclusive in the 12 months to ${longDay(period.to)}, over £230,000: tell HMRC within 30 days and leave the scheme`,
      }),
    );
  }
  return rows;
}

/**
 * Not registered: the last 12 months' taxable turnover against the threshold, with a warning from 80 %; from the
 * first month end it went over, the dates that crossing fixed, the same in every later month; and the forward look:
 * a warning when the last 30 days alone took most of the threshold.
 */
async function notRegisteredRows(db: Db, userId: string, month: string, lastDay: string) {
  const period = { from: firstDayOf(addMonths(month, -11)), to: lastDay };
  const [{ taxableTurnoverPence: turnover }, crossing, recent] = await Promise.all([
    vatFigures(db, userId, period),
    firstThresholdCrossing(db, userId, month),
    thirtyDayTurnover(db, userId, lastDay),
  ]);
  const share = turnover / VAT_THRESHOLD_PENCE;
  const shown = `${(Math.floor(share * 1000) / 10).toFixed(1)} % of the threshold`;
  const rows = [
    row(L.taxableTurnover, toPounds(turnover), { subtext: 'Takings and room rent, VAT-inclusive' }),
    row(L.threshold, toPounds(VAT_THRESHOLD_PENCE), {
      subtext: share >= VAT_WARNING_SHARE ? `Warning: ${shown}` : shown,
      total: true,
    }),
  ];
  if (crossing) {
    rows.push(
      row(L.registrationDue, null, {
        subtext: `Over the threshold at ${longDay(crossing.monthEnd)}: tell HMRC by ${longDay(crossing.tellBy)}; registration takes effect on ${longDay(crossing.effective)}`,
      }),
    );
  }
  if (recent.pence >= VAT_THRESHOLD_PENCE * VAT_WARNING_SHARE) {
    rows.push(
      row(L.forwardLook, null, {
        subtext: `Warning: ${formatPence(recent.pence)} in the 30 days to ${longDay(recent.range.to)}. If you expect more than £90,000 in the next 30 days alone, register now: tell HMRC by the end of those 30 days; registration takes effect from their start`,
      }),
    );
  }
  return { period, rows };
}
