import { AssistantRequestSchema, AssistantResponseSchema } from '../assistant/schemas.js';
import { endpoints } from './endpoint.js';

/** BradeBot's two calls (docs/product.md, "The calls"; docs/assistant.md): the owner is the signed-in one. */
export const ASSISTANT_ENDPOINTS = endpoints('assistant', {
  analyzeMonthlyTransactions: {
    summary: "Asks BradeBot about the owner's books",
    errors: [429],
    method: 'POST',
    path: '/api/openai/analyze-monthly-transactions',
    auth: 'session',
    body: AssistantRequestSchema,
    answer: AssistantResponseSchema,
  },
  /** The same payload and answer, in report mode: comments on the report and month the Reports screen shows. */
  reportFinancialPerformance: {
    summary: 'Asks BradeBot about the report and month the Reports screen shows',
    errors: [429],
    method: 'POST',
    path: '/api/openai/report-financial-performance',
    auth: 'session',
    body: AssistantRequestSchema,
    answer: AssistantResponseSchema,
  },
});
