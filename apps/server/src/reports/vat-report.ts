import {
  addDays,
  addMonths,
  type DayRange,
  firstDayOf,
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
import { vatFigures, vatPayments } from '../ledger/vat-figures.js';

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
  if (settings.scheme === 'not_registered') {
    const period = { from: firstDayOf(addMonths(month, -11)), to: clamp(lastDayOf(month)) };
    const { taxableTurnoverPence: turnover } = await vatFigures(db, userId, period);
    const share = turnover / VAT_THRESHOLD_PENCE;
    const shown = `${(Math.floor(share * 1000) / 10).toFixed(1)} % of the threshold`;
    const rows = [
      row(L.taxableTurnover, toPounds(turnover), { subtext: 'Takings and room rent, VAT-inclusive' }),
      row(L.threshold, toPounds(VAT_THRESHOLD_PENCE), {
        subtext: share >= VAT_WARNING_SHARE ? `Warning: ${shown}` : shown,
        total: true,
      }),
    ];
    if (turnover > VAT_THRESHOLD_PENCE) {
      // Crossed at the end of a month: tell HMRC within 30 days; registered from the first day of the month after.
      const crossedEnd = lastDayOf(month);
      const effective = firstDayOf(addMonths(month, 2));
      const tellBy = lastDayOf(addMonths(month, 1));
      rows.push(
        row(L.registrationDue, null, {
          subtext: `Over the threshold at ${longDay(crossedEnd)}: tell HMRC by ${longDay(tellBy)}; registration takes effect on ${longDay(effective)}`,
        }),
      );
    }
    return { period, rows };
  }

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
  if (settings.scheme === 'flat_rate') {
    const rates = figures.flatRatesBp.map(percent).join(', then ');
    return {
      period,
      rows: [
        row(L.flatTurnover, toPounds(figures.flatTurnoverPence), { subtext: 'Takings and room rent, VAT-inclusive' }),
        row(L.flatRate, null, {
          subtext: rates === '' ? percent(Math.round((settings.flat_rate_percent ?? 0) * 100)) : rates,
        }),
        row(L.due, toPounds(figures.outputPence), { total: true }),
        paid,
      ],
    };
  }
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
