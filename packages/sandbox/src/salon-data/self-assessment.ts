import { onOrPreviousWorkingDay } from './bank-holidays';
import type { BankLine } from './bank-statement';
import { dayFromParts, type MonthIndex } from './calendar';
import type { SalonProfile } from './salon-profile';

/**
 * A sole trader's payments on account of their Income Tax (gov.uk/understand-self-assessment-bill/payments-on-account):
 * due by 31 January and 31 July, paid a few days before by bank transfer with the Unique Taxpayer Reference and K
 * (gov.uk/pay-self-assessment-tax-bill). The owner's own tax: out of the business's profit and loss.
 */
export function selfAssessmentLines(profile: SalonProfile, month: MonthIndex): BankLine[] {
  if (profile.legalForm !== 'sole_trader') return [];
  const calendarMonth = (month % 12) + 1;
  if (calendarMonth !== 1 && calendarMonth !== 7) return [];
  const year = 1970 + Math.floor(month / 12);
  return [
    {
      day: onOrPreviousWorkingDay(dayFromParts(year, calendarMonth, 27)),
      minute: 10 * 60,
      amountPence: -profile.selfAssessmentPence,
      code: 'FPO',
      payee: 'HMRC SHIPLEY',
      reference: `${profile.utr}K`,
      counterparty: 'HMRC',
      category: 'Self Assessment',
      key: 'self-assessment',
    },
  ];
}
