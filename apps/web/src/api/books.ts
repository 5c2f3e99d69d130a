import {
  BOOKS_ENDPOINTS,
  type CategoryRule,
  type LineTransactionsRequest,
  type LineTransactionsResponse,
  REPORT_ENDPOINTS,
} from '@brade/contract';
import { call } from './client';

/** One page of the transactions behind a report's line. */
export async function loadLineTransactions(
  id: string,
  body: LineTransactionsRequest,
): Promise<LineTransactionsResponse> {
  return call(BOOKS_ENDPOINTS.getLineTransactions, { params: { id }, body });
}

export async function loadCorrectionOptions(id: string, transactionId: string) {
  return call(BOOKS_ENDPOINTS.getCorrectionOptions, { params: { id }, body: { transaction_id: transactionId } });
}

export async function correctTransaction(
  id: string,
  body: { transaction_id: string; category: string; apply_to_similar: boolean },
) {
  return call(BOOKS_ENDPOINTS.correctTransaction, { params: { id }, body });
}

export async function loadCategoryRules(id: string): Promise<CategoryRule[]> {
  return (await call(BOOKS_ENDPOINTS.getCategoryRules, { params: { id } })).rules;
}

export async function removeCategoryRule(id: string, body: { rule_id: string; restore: boolean }) {
  return call(BOOKS_ENDPOINTS.removeCategoryRule, { params: { id }, body });
}

/** This year and every earlier year with transactions, newest first. */
export async function loadReportYears(id: string): Promise<number[]> {
  return (await call(REPORT_ENDPOINTS.getReportYears, { params: { id } })).years;
}

/** The sales categories as the owner names them. */
export async function loadSalesCategories(id: string) {
  return (await call(BOOKS_ENDPOINTS.getSalesCategories, { params: { id } })).categories;
}

export async function renameSalesCategory(id: string, body: { category: string; name: string }) {
  return call(BOOKS_ENDPOINTS.renameSalesCategory, { params: { id }, body });
}
