import { IdParamsSchema } from '../auth/schemas.js';
import {
  DisallowableRequestSchema,
  IncomeTaxMessageResponseSchema,
  IncomeTaxSettingsResponseSchema,
  IncomeTaxTransactionsRequestSchema,
  IncomeTaxTransactionsResponseSchema,
  MapCategoryRequestSchema,
  ObligationsRequestSchema,
  ObligationsResponseSchema,
  PeriodRequestSchema,
  QuarterlyFiguresResponseSchema,
  SaveIncomeTaxSettingsResponseSchema,
  SendUpdateRequestSchema,
  SendUpdateResponseSchema,
  UpdateIncomeTaxSettingsRequestSchema,
} from '../income-tax/schemas.js';
import { endpoints } from './endpoint.js';

const params = IdParamsSchema;

/**
 * Making Tax Digital for Income Tax (beyond the spec; docs/product.md, "Screens and routes"): a sole trader's details,
 * HMRC's obligations, the quarterly figures from the books and sending them. Every call is the signed-in owner's
 * own; the demo account reads but cannot change or send.
 */
export const INCOME_TAX_ENDPOINTS = endpoints('income-tax', {
  getSettings: {
    method: 'GET',
    path: '/api/income-tax/get-settings/:id',
    auth: 'session',
    params,
    answer: IncomeTaxSettingsResponseSchema,
  },
  updateSettings: {
    method: 'POST',
    path: '/api/income-tax/update-settings/:id',
    auth: 'session',
    params,
    body: UpdateIncomeTaxSettingsRequestSchema,
    answer: SaveIncomeTaxSettingsResponseSchema,
  },
  getObligations: {
    method: 'POST',
    path: '/api/income-tax/get-obligations/:id',
    auth: 'session',
    params,
    body: ObligationsRequestSchema,
    answer: ObligationsResponseSchema,
  },
  getFigures: {
    method: 'POST',
    path: '/api/income-tax/get-quarterly-figures/:id',
    auth: 'session',
    params,
    body: PeriodRequestSchema,
    answer: QuarterlyFiguresResponseSchema,
  },
  getTransactions: {
    method: 'POST',
    path: '/api/income-tax/get-transactions/:id',
    auth: 'session',
    params,
    body: IncomeTaxTransactionsRequestSchema,
    answer: IncomeTaxTransactionsResponseSchema,
  },
  mapCategory: {
    method: 'POST',
    path: '/api/income-tax/map-category/:id',
    auth: 'session',
    params,
    body: MapCategoryRequestSchema,
    answer: IncomeTaxMessageResponseSchema,
  },
  markDisallowable: {
    method: 'POST',
    path: '/api/income-tax/mark-disallowable/:id',
    auth: 'session',
    params,
    body: DisallowableRequestSchema,
    answer: IncomeTaxMessageResponseSchema,
  },
  sendUpdate: {
    method: 'POST',
    path: '/api/income-tax/send-update/:id',
    auth: 'session',
    params,
    body: SendUpdateRequestSchema,
    answer: SendUpdateResponseSchema,
  },
});
