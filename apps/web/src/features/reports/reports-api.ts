import { type Report, ReportResponseSchema, type ReportType } from '@brade/contract';
import { apiRequest } from '../../api/client';

/** One report table model from the server (`POST /api/database/get-report/{id}`), checked against the contract. */
export async function loadReport(
  id: string,
  request: { type: ReportType; month: number; year: number },
): Promise<Report> {
  const answer = await apiRequest<unknown>(`/api/database/get-report/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: request,
  });
  return ReportResponseSchema.parse(answer).report;
}
