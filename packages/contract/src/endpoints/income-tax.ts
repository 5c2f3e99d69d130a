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
    summary: "A sole trader's Income Tax details: legal form, National Insurance number, quarters, category map",
    method: 'GET',
    path: '/api/income-tax/get-settings/:id',
    auth: 'session',
    params,
    answer: IncomeTaxSettingsResponseSchema,
  },
  updateSettings: {
    summary: "Saves a sole trader's Income Tax details",
    errors: [403, 409],
    method: 'POST',
    path: '/api/income-tax/update-settings/:id',
    auth: 'session',
    params,
    body: UpdateIncomeTaxSettingsRequestSchema,
    answer: SaveIncomeTaxSettingsResponseSchema,
  },
  getObligations: {
    summary: "The owner's Income Tax quarterly obligations at HMRC",
    errors: [409, 422, 502, 503],
    method: 'POST',
    path: '/api/income-tax/get-obligations/:id',
    auth: 'session',
    params,
    body: ObligationsRequestSchema,
    answer: ObligationsResponseSchema,
  },
  getFigures: {
    summary: "A quarter's Income Tax figures worked out from the books",
    errors: [409],
    method: 'POST',
    path: '/api/income-tax/get-quarterly-figures/:id',
    auth: 'session',
    params,
    body: PeriodRequestSchema,
    answer: QuarterlyFiguresResponseSchema,
  },
  getTransactions: {
    summary: 'The transactions behind one figure of a quarterly update, a page at a time',
    errors: [409],
    method: 'POST',
    path: '/api/income-tax/get-transactions/:id',
    auth: 'session',
    params,
    body: IncomeTaxTransactionsRequestSchema,
    answer: IncomeTaxTransactionsResponseSchema,
  },
  mapCategory: {
    summary: "Puts one of the books' categories under one of HMRC's expense categories",
    errors: [403, 409],
    method: 'POST',
    path: '/api/income-tax/map-category/:id',
    auth: 'session',
    params,
    body: MapCategoryRequestSchema,
    answer: IncomeTaxMessageResponseSchema,
  },
  markDisallowable: {
    summary: 'Marks part or all of a transaction as not allowable for Income Tax',
    errors: [403, 409],
    method: 'POST',
    path: '/api/income-tax/mark-disallowable/:id',
    auth: 'session',
    params,
    body: DisallowableRequestSchema,
    answer: IncomeTaxMessageResponseSchema,
  },
  sendUpdate: {
    summary: "Sends a quarter's figures to HMRC as the owner's quarterly update",
    errors: [403, 409, 422, 502, 503],
    method: 'POST',
    path: '/api/income-tax/send-update/:id',
    auth: 'session',
    params,
    body: SendUpdateRequestSchema,
    answer: SendUpdateResponseSchema,
  },
});
