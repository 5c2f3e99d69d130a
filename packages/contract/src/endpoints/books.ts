import { IdParamsSchema } from '../auth/schemas.js';
import {
  CategoryRulesResponseSchema,
  CorrectionOptionsResponseSchema,
  CorrectTransactionRequestSchema,
  CorrectTransactionResponseSchema,
  LineTransactionsRequestSchema,
  LineTransactionsResponseSchema,
  RemoveRuleRequestSchema,
  RemoveRuleResponseSchema,
  TransactionRefSchema,
} from '../ledger/books.js';
import {
  RenameSalesCategoryRequestSchema,
  RenameSalesCategoryResponseSchema,
  SalesCategoriesResponseSchema,
} from '../ledger/sales.js';
import { endpoints } from './endpoint.js';

const params = IdParamsSchema;

/**
 * The transactions behind a report's line and the owner's corrections (docs/finance.md, "The owner's
 * corrections"): every call scoped to the signed-in owner; the demo account reads but cannot correct.
 */
export const BOOKS_ENDPOINTS = endpoints('books', {
  getLineTransactions: {
    summary: 'The transactions behind a report line, a page at a time',
    method: 'POST',
    path: '/api/database/get-line-transactions/:id',
    auth: 'session',
    params,
    body: LineTransactionsRequestSchema,
    answer: LineTransactionsResponseSchema,
  },
  getCorrectionOptions: {
    summary: 'The categories a bank transaction may be moved to',
    method: 'POST',
    path: '/api/database/get-correction-options/:id',
    auth: 'session',
    params,
    body: TransactionRefSchema,
    answer: CorrectionOptionsResponseSchema,
  },
  correctTransaction: {
    summary: 'Moves a bank transaction (and, if asked, similar ones) to another category',
    errors: [403],
    method: 'POST',
    path: '/api/database/correct-transaction/:id',
    auth: 'session',
    params,
    body: CorrectTransactionRequestSchema,
    answer: CorrectTransactionResponseSchema,
  },
  getCategoryRules: {
    summary: "The owner's rules for moving similar transactions",
    method: 'GET',
    path: '/api/database/get-category-rules/:id',
    auth: 'session',
    params,
    answer: CategoryRulesResponseSchema,
  },
  removeCategoryRule: {
    summary: 'Removes a rule, restoring the transactions it moved if asked',
    errors: [403],
    method: 'POST',
    path: '/api/database/remove-category-rule/:id',
    auth: 'session',
    params,
    body: RemoveRuleRequestSchema,
    answer: RemoveRuleResponseSchema,
  },
  /** The sales categories as the owner names them (docs/finance.md, "What was sold"). */
  getSalesCategories: {
    summary: 'The sales categories as the owner names them',
    method: 'GET',
    path: '/api/database/get-sales-categories/:id',
    auth: 'session',
    params,
    answer: SalesCategoriesResponseSchema,
  },
  /** Renames one of the sales categories; the demo account cannot. */
  renameSalesCategory: {
    summary: 'Renames one of the sales categories',
    errors: [403],
    method: 'POST',
    path: '/api/database/rename-sales-category/:id',
    auth: 'session',
    params,
    body: RenameSalesCategoryRequestSchema,
    answer: RenameSalesCategoryResponseSchema,
  },
});
