import type { VatStagger } from '@brade/contract';

/** How often the taxpayer files VAT: quarterly on one of the three staggers, or monthly. */
export type VatPeriods = VatStagger | 'monthly';
export const VAT_PERIOD_CHOICES: Array<[VatPeriods, string]> = [
  ['mar_jun_sep_dec', 'Quarterly, ending March, June, September and December'],
  ['apr_jul_oct_jan', 'Quarterly, ending April, July, October and January'],
  ['may_aug_nov_feb', 'Quarterly, ending May, August, November and February'],
  ['monthly', 'Monthly'],
];

/**
 * A simulated taxpayer, made on the consent page: the VRN the owner typed, how often they file, and the day they first
 * granted authority. HMRC already holds their returns for every period due before that day (filed with the software
 * they used before), so a newly connected business is not shown years of overdue returns.
 */
export interface Taxpayer {
  vrn: string;
  periods: VatPeriods;
  firstConsentDay: string;
}

export class Taxpayers {
  private byVrn = new Map<string, Taxpayer>();

  reset(): void {
    this.byVrn.clear();
  }

  /** The taxpayer for a VRN, made on first consent; a later consent may change how often they file. */
  consent(vrn: string, periods: VatPeriods, today: string): Taxpayer {
    const known = this.byVrn.get(vrn);
    const taxpayer = { vrn, periods, firstConsentDay: known?.firstConsentDay ?? today };
    this.byVrn.set(vrn, taxpayer);
    return taxpayer;
  }

  get(vrn: string): Taxpayer | undefined {
    return this.byVrn.get(vrn);
  }
}
