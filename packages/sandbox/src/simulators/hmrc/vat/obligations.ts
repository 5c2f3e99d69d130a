import { addDays, addMonths, monthOf } from '@brade/contract';
import type { Taxpayer } from '../taxpayers';
import { periodOf, periodsBetween, type VatPeriod } from './periods';
import type { ReturnsStore } from './returns-store';

/** An obligation as HMRC's `Obligation` schema has it. */
export interface Obligation {
  start: string;
  end: string;
  due: string;
  status: 'O' | 'F';
  periodKey: string;
  received?: string;
}

/** How far back a taxpayer's obligations reach. */
const HISTORY_MONTHS = 24;

const fulfilled = (period: VatPeriod, received: string): Obligation => ({
  start: period.start,
  end: period.end,
  due: period.due,
  status: 'F',
  periodKey: period.periodKey,
  received,
});
const open = (period: VatPeriod): Obligation => ({
  start: period.start,
  end: period.end,
  due: period.due,
  status: 'O',
  periodKey: period.periodKey,
});

/** A return held since before the first consent was received a few days before its due date. */
const earlyReceipt = (period: VatPeriod, today: string) => {
  const day = addDays(period.due, -3);
  return day < today ? day : today;
};

/**
 * The taxpayer's periods, from two years back to the one in progress: fulfilled when a return was filed through the
 * simulator, or when it was due before the taxpayer first connected (filed with other software); open otherwise.
 */
export function taxpayerObligations(taxpayer: Taxpayer, returns: ReturnsStore, today: string): Obligation[] {
  const from = addMonths(monthOf(today), -HISTORY_MONTHS);
  return periodsBetween(`${from}-01`, today, taxpayer.periods).map((period) => {
    const filed = returns.get(taxpayer.vrn, period.periodKey);
    if (filed) return fulfilled(period, filed.receivedOn);
    if (period.due < taxpayer.firstConsentDay) return fulfilled(period, earlyReceipt(period, today));
    return open(period);
  });
}

const SCENARIO = /^(QUARTERLY|MONTHLY)_(NONE|ONE|TWO|THREE|FOUR)_MET$/;
const COUNTS = { NONE: 0, ONE: 1, TWO: 2, THREE: 3, FOUR: 4 } as const;

/**
 * HMRC's sandbox scenarios of its obligations endpoint on the taxpayer's own dates: QUARTERLY_NONE_MET to
 * QUARTERLY_FOUR_MET (the four latest quarters ended, of the taxpayer's stagger, or March–December for a monthly
 * filer) and MONTHLY_NONE_MET to MONTHLY_THREE_MET (the four latest months ended), the first N fulfilled.
 */
export function scenarioObligations(scenario: string, taxpayer: Taxpayer, today: string): Obligation[] | null {
  const match = SCENARIO.exec(scenario);
  if (!match) return null;
  const monthly = match[1] === 'MONTHLY';
  const periods = monthly ? 'monthly' : taxpayer.periods === 'monthly' ? 'mar_jun_sep_dec' : taxpayer.periods;
  const lastEnded = periodOf(addDays(periodOf(today, periods).start, -1), periods);
  const span = periodsBetween(`${addMonths(monthOf(lastEnded.start), monthly ? -3 : -9)}-01`, lastEnded.end, periods);
  const met = COUNTS[match[2] as keyof typeof COUNTS];
  return span.map((period, i) => (i < met ? fulfilled(period, earlyReceipt(period, today)) : open(period)));
}
