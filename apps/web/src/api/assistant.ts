import { ASSISTANT_ENDPOINTS, type ReportType } from '@brade/contract';
import { call } from './client';

export interface ReportInView {
  type: ReportType;
  month: number;
  year: number;
}

/**
 * One question to BradeBot (docs/assistant.md, "The calls"): the spec's payload, whose figures the server never reads
 * (it computes them from the signed-in owner's books), so they are sent empty; `report` picks the report call.
 */
export async function askBradeBot(message: string, report?: ReportInView, signal?: AbortSignal): Promise<string> {
  const body = { message, expenses: [], revenues: [], financialGoals: {} };
  const answer = report
    ? await call(
        ASSISTANT_ENDPOINTS.reportFinancialPerformance,
        { body: { ...body, report } },
        signal ? { signal } : {},
      )
    : await call(ASSISTANT_ENDPOINTS.analyzeMonthlyTransactions, { body }, signal ? { signal } : {});
  return answer.response;
}
