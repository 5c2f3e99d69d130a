import { REPORT_ENDPOINTS, type Report, type ReportType, type TeamBreakdownResponse } from '@brade/contract';
import { call } from './client';

/** One report table model from the server, read with the contract's schema. */
export async function loadReport(
  id: string,
  request: { type: ReportType; month: number; year: number },
): Promise<Report> {
  return (await call(REPORT_ENDPOINTS.getReport, { params: { id }, body: request })).report;
}

/** A month's sales by team member, as the processors that name who took a payment say. */
export async function loadTeamBreakdown(
  id: string,
  month: { month: number; year: number },
): Promise<TeamBreakdownResponse> {
  return call(REPORT_ENDPOINTS.getTeamBreakdown, { params: { id }, body: month });
}
