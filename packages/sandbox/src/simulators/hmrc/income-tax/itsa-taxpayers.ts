import { createHash } from 'node:crypto';
import { type QuarterType, startYearOf, type TaxYear } from '@brade/contract';

/** A self-employment business as HMRC's Business Details API lists it, with what the obligations follow. */
export interface SelfEmployment {
  businessId: string;
  tradingName: string | null;
  /** Standard or calendar quarters, per tax year; a year not set uses the quarter type given at sign-up. */
  quarterTypes: Map<TaxYear, QuarterType>;
}

/**
 * A taxpayer signed up for Making Tax Digital for Income Tax, made on the grant-authority page: the National Insurance
 * number the owner typed, their self-employment businesses, the quarter type chosen, and the tax year they joined
 * from (HMRC holds no quarterly obligations before it).
 */
export interface ItsaTaxpayer {
  nino: string;
  businesses: SelfEmployment[];
  quarterType: QuarterType;
  joinedFrom: TaxYear;
}

/** HMRC's business ids look like XAIS12345678910: X, a character, IS, eleven digits; stable per taxpayer here. */
export function businessIdOf(nino: string, index: number, kind = 'A'): string {
  const digits = BigInt(`0x${createHash('sha256').update(`${nino}|${kind}|${index}`).digest('hex').slice(0, 15)}`);
  return `X${kind}IS${String(digits % 100_000_000_000n).padStart(11, '0')}`;
}

export class ItsaTaxpayers {
  private byNino = new Map<string, ItsaTaxpayer>();

  reset(): void {
    this.byNino.clear();
  }

  /**
   * The taxpayer for a NINO, made on first consent with one self-employment per trading name; a later consent keeps
   * the businesses (and what was sent for them) and may change the quarter type of years not yet sent.
   */
  consent(
    nino: string,
    input: { tradingNames: string[]; quarterType: QuarterType; joinedFrom: TaxYear },
  ): ItsaTaxpayer {
    const known = this.byNino.get(nino);
    if (known) {
      known.quarterType = input.quarterType;
      return known;
    }
    const names = input.tradingNames.length > 0 ? input.tradingNames : [''];
    const taxpayer: ItsaTaxpayer = {
      nino,
      businesses: names.map((name, i) => ({
        businessId: businessIdOf(nino, i),
        tradingName: name.trim() || null,
        quarterTypes: new Map(),
      })),
      quarterType: input.quarterType,
      joinedFrom: input.joinedFrom,
    };
    this.byNino.set(nino, taxpayer);
    return taxpayer;
  }

  get(nino: string): ItsaTaxpayer | undefined {
    return this.byNino.get(nino);
  }
}

export const quarterTypeOf = (taxpayer: ItsaTaxpayer, business: SelfEmployment, taxYear: TaxYear): QuarterType =>
  business.quarterTypes.get(taxYear) ?? taxpayer.quarterType;

/** Whether a tax year is one the taxpayer has quarterly obligations in. */
export const isInMtd = (taxpayer: ItsaTaxpayer, taxYear: TaxYear) =>
  startYearOf(taxYear) >= startYearOf(taxpayer.joinedFrom);
