import { onOrPreviousWorkingDay } from './bank-holidays';
import { type BankLine, bankTransaction } from './bank-statement';
import { type DayNumber, firstDayOfMonth, lastDayOfMonth, type MonthIndex, monthIndexOf, monthLabel } from './calendar';
import type { GenerationContext } from './context';
import { occasionalSpendingOn, savingsTransferLines } from './occasional-spending';
import { payoutsOn } from './payouts';
import { payrollLines } from './payroll';
import { randomFor } from './random';
import { regularBillLines } from './regular-bills';
import { selfAssessmentLines } from './self-assessment';
import type { BankTransaction, Payout, Processor } from './types';
import { vatLine } from './vat';

/**
 * How each processor's payout reads on the statement, arriving by Faster Payment (docs/sandbox.md, "Where the salon's
 * figures come from"): Stripe "STRIPE PAYMENTS UK" with the default descriptor "STRIPE"; SumUp "SumUp Payments Limited
 * – PID…-SUMUP". Square's merchant-side wording was not found: it uses the legal entity, Squareup Europe Ltd.
 */
const PAYOUT_WORDING: Record<Processor, { payee: string; counterparty: string; reference: (id: string) => string }> = {
  stripe: { payee: 'STRIPE PAYMENTS UK', counterparty: 'Stripe Payments UK Ltd', reference: () => 'STRIPE' },
  square: { payee: 'SQUAREUP EUROPE LTD', counterparty: 'Squareup Europe Ltd', reference: () => 'SQUARE PAYOUT' },
  sumup: {
    payee: 'SUMUP PAYMENTS LIMITED',
    counterparty: 'SumUp Payments Limited',
    reference: (id) => `PID${id}-SUMUP`,
  },
};

function payoutLine(payout: Payout, day: DayNumber): BankLine {
  const wording = PAYOUT_WORDING[payout.processor];
  return {
    day,
    minute: 0,
    occurredAt: payout.occurredAt,
    amountPence: payout.amountPence,
    code: 'FPI',
    payee: wording.payee,
    reference: wording.reference(payout.id),
    counterparty: wording.counterparty,
    category: 'Card payouts',
    key: `payout:${payout.id}`,
    processor: payout.processor,
    payoutId: payout.id,
  };
}

/** Purchases dated in a month (everything but payroll, tax and transfers): also the VAT return's input side. */
function purchasesInMonth(context: GenerationContext, month: MonthIndex): BankLine[] {
  const key = `purchases:${month}`;
  let lines = context.memo.get(key) as BankLine[] | undefined;
  if (!lines) {
    lines = regularBillLines(context.profile, month);
    for (let day = firstDayOfMonth(month); day <= lastDayOfMonth(month); day++) {
      lines.push(...occasionalSpendingOn(context.profile, day));
    }
    context.memo.set(key, lines);
  }
  return lines;
}

function monthLines(context: GenerationContext, month: MonthIndex): BankLine[] {
  const lines = [
    ...purchasesInMonth(context, month),
    ...payrollLines(context.profile, month),
    ...savingsTransferLines(context.profile, month),
    ...selfAssessmentLines(context.profile, month),
  ];
  const vat = vatLine(context, month, (m) => purchasesInMonth(context, m));
  if (vat) {
    lines.push(vat);
    // Before a large VAT bill the owner sometimes brings money back from savings.
    const random = randomFor(context.profile.seed, 'vat-top-up', monthLabel(month));
    if (random.chance(0.4)) {
      lines.push({
        day: onOrPreviousWorkingDay(vat.day - 1),
        minute: random.int(19 * 60, 22 * 60),
        amountPence: Math.max(50_000, Math.round((-vat.amountPence * 0.5) / 50_000) * 50_000),
        code: 'TFR',
        payee: context.profile.savingsAccount,
        reference: 'FROM SAVINGS',
        counterparty: `${context.profile.owner.name} (savings)`,
        category: "Owner's savings",
        key: 'from-savings',
      });
    }
  }
  return lines;
}

/** The business current account's statement lines booked on London days from..to. */
export function bankTransactionsIn(context: GenerationContext, from: DayNumber, to: DayNumber): BankTransaction[] {
  const seed = context.profile.seed;
  const transactions: BankTransaction[] = [];
  for (let day = from; day <= to; day++) {
    for (const payout of payoutsOn(context, day)) transactions.push(bankTransaction(seed, payoutLine(payout, day)));
  }
  // Every month's lines are dated inside that month (nothing is due after the 28th or moves across a month end).
  for (let month = monthIndexOf(from); month <= monthIndexOf(to); month++) {
    for (const line of monthLines(context, month)) {
      if (line.day >= from && line.day <= to) transactions.push(bankTransaction(seed, line));
    }
  }
  return transactions;
}
