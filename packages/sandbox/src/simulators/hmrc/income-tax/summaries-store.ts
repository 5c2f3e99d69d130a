import type { TaxYear } from '@brade/contract';

/** A cumulative period summary as HMRC holds it: the request body, minus nothing. */
export interface CumulativeSummary {
  periodDates: { periodStartDate: string; periodEndDate: string };
  periodIncome?: Record<string, number>;
  periodExpenses?: Record<string, number>;
  periodDisallowableExpenses?: Record<string, number>;
}

interface YearRecord {
  summary: CumulativeSummary;
  /** The day each quarter end was first covered by a summary: the obligation's receivedDate. */
  receivedByEnd: Map<string, string>;
}

/**
 * One cumulative summary per business and tax year (each submission replaces the last, as HMRC's "create or amend"
 * does), with the day each obligation was met.
 */
export class SummariesStore {
  private byKey = new Map<string, YearRecord>();

  reset(): void {
    this.byKey.clear();
  }

  private key = (nino: string, businessId: string, taxYear: TaxYear) => `${nino}|${businessId}|${taxYear}`;

  get(nino: string, businessId: string, taxYear: TaxYear): CumulativeSummary | undefined {
    return this.byKey.get(this.key(nino, businessId, taxYear))?.summary;
  }

  receivedOn(nino: string, businessId: string, taxYear: TaxYear, end: string): string | undefined {
    return this.byKey.get(this.key(nino, businessId, taxYear))?.receivedByEnd.get(end);
  }

  /** Keeps the summary; every quarter end it reaches that was not met before is met today. */
  put(
    nino: string,
    businessId: string,
    taxYear: TaxYear,
    summary: CumulativeSummary,
    quarterEnds: string[],
    today: string,
  ) {
    const key = this.key(nino, businessId, taxYear);
    const record = this.byKey.get(key) ?? { summary, receivedByEnd: new Map<string, string>() };
    record.summary = summary;
    for (const end of quarterEnds)
      if (end <= summary.periodDates.periodEndDate && !record.receivedByEnd.has(end))
        record.receivedByEnd.set(end, today);
    this.byKey.set(key, record);
  }
}
