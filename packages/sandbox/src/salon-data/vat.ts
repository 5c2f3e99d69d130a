import { addWorkingDays } from './bank-holidays';
import type { BankLine } from './bank-statement';
import { type DayNumber, dayFromParts, firstDayOfMonth, lastDayOfMonth, type MonthIndex } from './calendar';
import { paymentsOn } from './card-payments';
import type { GenerationContext } from './context';
import { expectedTakingsBetween } from './expected-takings';
import { refundsOn } from './refunds';

/**
 * Quarterly VAT by Direct Debit (docs/sandbox.md, "Where the salon's figures come from"). Registration at £90,000 of
 * turnover a year (£85,000 before April 2024); the Flat Rate Scheme for hairdressing (13%) only below £150,000,
 * otherwise the standard scheme: a sixth of VAT-inclusive takings and room rent less a sixth of VAT-able purchases. Quarters end in
 * March, June, September and December; the return and payment are due one month and seven days later and the Direct
 * Debit is collected about three working days after that (HMRC VDSOG400).
 */
export type VatScheme = 'none' | 'flat-rate' | 'standard';

export function vatSchemeOf(context: GenerationContext, quarterEnd: MonthIndex): VatScheme {
  const yearTakings = expectedTakingsBetween(
    context.profile,
    firstDayOfMonth(quarterEnd - 11),
    lastDayOfMonth(quarterEnd),
  );
  const year = 1970 + Math.floor(quarterEnd / 12);
  const threshold = year >= 2024 ? 9_000_000 : 8_500_000;
  if (yearTakings < threshold) return 'none';
  return yearTakings <= 15_000_000 ? 'flat-rate' : 'standard';
}

/** The quarter (its last month) whose VAT is collected in `month`, with the collection day. */
export function vatCollectionIn(month: MonthIndex): { quarterEnd: MonthIndex; day: DayNumber } | null {
  const quarterEnd = month - 2;
  if ((quarterEnd % 12) % 3 !== 2) return null;
  const due = dayFromParts(1970 + Math.floor(month / 12), (month % 12) + 1, 7);
  return { quarterEnd, day: addWorkingDays(due, 3) };
}

function takingsInQuarter(context: GenerationContext, quarterEnd: MonthIndex): number {
  let takings = 0;
  for (let day = firstDayOfMonth(quarterEnd - 2); day <= lastDayOfMonth(quarterEnd); day++) {
    for (const { payment } of paymentsOn(context, day)) takings += payment.amountPence;
    for (const refund of refundsOn(context, day)) takings -= refund.amountPence;
  }
  return takings;
}

export function vatLine(
  context: GenerationContext,
  month: MonthIndex,
  purchasesInMonth: (month: MonthIndex) => BankLine[],
): BankLine | null {
  const collection = vatCollectionIn(month);
  if (!collection) return null;
  const scheme = vatSchemeOf(context, collection.quarterEnd);
  if (scheme === 'none') return null;
  // Room rent to the self-employed technician is a standard-rated supply (hairdressers' facilities), so it is
  // VAT-inclusive turnover like the takings.
  let takings = takingsInQuarter(context, collection.quarterEnd);
  for (let m = collection.quarterEnd - 2; m <= collection.quarterEnd; m++) {
    for (const line of purchasesInMonth(m)) if (line.key === 'room-rent') takings += line.amountPence;
  }
  let due: number;
  if (scheme === 'flat-rate') {
    due = Math.round(takings * 0.13);
  } else {
    let vatablePurchases = 0;
    for (let m = collection.quarterEnd - 2; m <= collection.quarterEnd; m++) {
      for (const line of purchasesInMonth(m)) if (line.vatable) vatablePurchases -= line.amountPence;
    }
    due = Math.round(takings / 6) - Math.round(vatablePurchases / 6);
  }
  if (due <= 0) return null;
  return {
    day: collection.day,
    minute: 6 * 60,
    amountPence: -due,
    code: 'DD',
    payee: 'HMRC VAT',
    reference: context.profile.vatNumber,
    counterparty: 'HMRC',
    category: 'VAT',
    key: 'vat',
  };
}
