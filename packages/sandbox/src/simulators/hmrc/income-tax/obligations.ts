import { isTaxYear, startYearOf, type TaxYear, taxYearLabel, taxYearOfDay, updatePeriods } from '@brade/contract';
import { type ItsaTaxpayer, isInMtd, quarterTypeOf, type SelfEmployment } from './itsa-taxpayers';
import type { SummariesStore } from './summaries-store';

/** An obligation as HMRC's Obligations API 3.0 lists it. */
export interface ObligationDetail {
  periodStartDate: string;
  periodEndDate: string;
  dueDate: string;
  status: 'open' | 'fulfilled';
  receivedDate?: string;
}

/**
 * A business's cumulative quarterly obligations from the year its owner joined to the current tax year (the next
 * year's appear once it starts): each met once a summary reaching its end was received.
 */
export function businessObligations(
  taxpayer: ItsaTaxpayer,
  business: SelfEmployment,
  summaries: SummariesStore,
  today: string,
): ObligationDetail[] {
  const current = startYearOf(taxYearOfDay(today));
  const found: ObligationDetail[] = [];
  for (let year = startYearOf(taxpayer.joinedFrom); year <= current; year++) {
    const taxYear = taxYearLabel(year);
    if (!isInMtd(taxpayer, taxYear)) continue;
    for (const period of updatePeriods(taxYear, quarterTypeOf(taxpayer, business, taxYear))) {
      const received = summaries.receivedOn(taxpayer.nino, business.businessId, taxYear, period.end);
      found.push({
        periodStartDate: period.start,
        periodEndDate: period.end,
        dueDate: period.due,
        status: received ? 'fulfilled' : 'open',
        ...(received ? { receivedDate: received } : {}),
      });
    }
  }
  return found;
}

/** The quarter ends a summary of this tax year may end on, for the business's quarter type that year. */
export function quarterEnds(taxpayer: ItsaTaxpayer, business: SelfEmployment, taxYear: TaxYear) {
  if (!isTaxYear(taxYear)) return [];
  return updatePeriods(taxYear, quarterTypeOf(taxpayer, business, taxYear));
}
