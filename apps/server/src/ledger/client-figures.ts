import { type ComparedPeriod, clientCoverageNote } from '@brade/contract';
import type { Db } from '../db/client.js';
import { knownPayerPercent, revenuePerClientPence, totalsForRanges } from './figures.js';

/** Clients and revenue per client of one period (docs/finance.md, "Clients"), with the coverage they are measured on. */
export interface ClientFigures {
  period: ComparedPeriod;
  /** Distinct people whose payer is known who had a service. */
  clients: number;
  /** Sales for services whose payer is known, and all sales for services, net of VAT. */
  knownSalesPence: number;
  serviceSalesPence: number;
  /** Known sales for services ÷ clients; null without clients. */
  revenuePerClientPence: number | null;
  /** The share of sales for services whose payer is known, whole percent; null without sales. */
  knownPayerPercent: number | null;
  /** That share as the screens say it ('From the 81 % of takings whose payer is known.'); null without sales. */
  coverage: string | null;
}

/**
 * The one source of client counts and revenue per client: the dashboard's tile and BradeBot's tools read these, so
 * a client is the same person everywhere (docs/finance.md, "Clients").
 */
export async function clientFigures(db: Db, userId: string, periods: ComparedPeriod[]): Promise<ClientFigures[]> {
  const totals = await totalsForRanges(db, userId, periods);
  return totals.map((t, i) => {
    const percent = knownPayerPercent(t);
    return {
      period: periods[i]!,
      clients: t.clients,
      knownSalesPence: t.knownSalesPence,
      serviceSalesPence: t.serviceSalesPence,
      revenuePerClientPence: t.clients === 0 ? null : revenuePerClientPence(t),
      knownPayerPercent: percent,
      coverage: clientCoverageNote(percent),
    };
  });
}
