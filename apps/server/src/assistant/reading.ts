import type { Period } from './periods.js';

/**
 * What a question asks, as the reader understood it (docs/assistant.md, "Reading a question"): the measures, the
 * periods, and what to do with them. Kept between turns so a follow-up reuses what it leaves out.
 */
export type MetricId =
  | 'revenue'
  | 'grossTakings'
  | 'grossSales'
  | 'netCardTakings'
  | 'otherIncome'
  | 'chairRent'
  | 'income'
  | 'costs'
  | 'profit'
  | 'margin'
  | 'staffCosts'
  | 'wages'
  | 'category'
  | 'payee'
  | 'ownerMoney'
  | 'afterDrawings'
  | 'refunds'
  | 'cardPayments'
  | 'clients'
  | 'newClients'
  | 'avgSpend'
  | 'vouchersSold'
  | 'vouchersRedeemed'
  | 'vouchersOutstanding'
  | 'vatPaid'
  | 'vatOutput'
  | 'vatInput';

export interface Metric {
  id: MetricId;
  /** An expense category of docs/finance.md ('Rent', 'Card processing fees'), for `category`. */
  category?: string;
  /** The payee words the owner typed, for `payee`. */
  payee?: string;
}

export type Op =
  /** The figure of each metric over each period. */
  | { kind: 'value'; per?: 'day' | 'week' | 'month' }
  /** Two periods side by side (`why`: and what drove the change). */
  | { kind: 'compare'; why: boolean; withRanked?: boolean }
  /** A metric as a share of another: staff costs as % of takings. */
  | { kind: 'share'; base: Metric }
  /** The highest or lowest month, day of the week, category or processor. */
  | { kind: 'rank'; dir: 'top' | 'bottom'; by: 'month' | 'weekday' | 'category' | 'processor'; n?: number }
  /** Each category, processor, day of the week or month. */
  | { kind: 'breakdown'; by: 'category' | 'processor' | 'weekday' | 'month' }
  /** How many (refunds, card payments, vouchers, clients). */
  | { kind: 'count' }
  /** Each one (refunds). */
  | { kind: 'list' };

export interface Ask {
  metrics: Metric[];
  periods: Period[];
  op: Op;
  /** The period was not named: the default for the question's kind was used (and the answer says which). */
  periodDefaulted?: boolean;
  /** "make"/"made": takings or profit; both are given. */
  madeAmbiguous?: boolean;
}

export type WhatIf =
  | { kind: 'hire'; salaryPence: number; perYear: boolean; includesOnCosts: boolean; role: string }
  | { kind: 'price'; percent: number }
  | { kind: 'costChange'; metric: Metric; percent?: number; pencePerMonth?: number }
  | { kind: 'closeDay'; weekday: number }
  | { kind: 'targetMargin'; percent: number }
  | { kind: 'targetProfit'; pencePerYear: number };

export type DeclineReason =
  | 'otherBusiness'
  | 'advice'
  | 'action'
  | 'forecast'
  | 'beforeBooks'
  | 'notStarted'
  | 'unmeasurable';

export type Reading =
  | { kind: 'asks'; asks: Ask[] }
  | { kind: 'overview'; period: Period | null }
  | { kind: 'goal'; which: 'revenue' | 'margin' | 'retention' | 'all' | 'perDay' | 'monthsHit' }
  | { kind: 'projection' }
  | {
      kind: 'vat';
      which: 'owed' | 'dueDate' | 'threshold' | 'thresholdWhen' | 'flatRate' | 'quarter' | 'putAside';
      period: Period | null;
    }
  | { kind: 'cash'; which: 'balance' | 'afterVat' | 'change' | 'startOf' | 'endOf'; period: Period | null }
  | { kind: 'retention'; which: 'both' | 'new' | 'overall'; month: string | null; benchmark: boolean }
  | { kind: 'clientHabits'; which: 'lapsed' | 'frequency'; days: number }
  | { kind: 'topClients'; n: number; period: Period | null }
  | { kind: 'suppliers'; period: Period | null }
  | { kind: 'whatIf'; change: WhatIf }
  | { kind: 'trend'; metric: Metric }
  /** What was sold (docs/finance.md, "What was sold"): the top lines, named services or products, or every line. */
  | {
      kind: 'sold';
      which: 'rank' | 'one' | 'breakdown';
      dir: 'top' | 'bottom';
      n: number;
      /** The services or products named, as typed ("colour", "balayage"). */
      names: string[];
      scope: 'all' | 'services' | 'retail';
      periods: Period[];
    }
  /** Who sold it (docs/finance.md, "Who sold it"): the team ranked, one person, or everyone. */
  | { kind: 'team'; which: 'rank' | 'one' | 'breakdown'; dir: 'top' | 'bottom'; name: string | null; periods: Period[] }
  | { kind: 'decline'; reason: DeclineReason; detail?: string; period?: Period }
  | { kind: 'clarify'; reason: 'unknown' | 'referent' | 'period'; unknown: string[]; suggestions: string[] }
  | { kind: 'multi'; parts: Reading[] };
