import { REPORT_ENDPOINTS, type Report, type ReportType } from '@brade/contract';
import { call } from './client';

/** One report table model from the server, read with the contract's schema. */
export async function loadReport(
  id: string,
  request: { type: ReportType; month: number; year: number },
): Promise<Report> {
  return (await call(REPORT_ENDPOINTS.getReport, { params: { id }, body: request })).report;
}
