import { ACCOUNT_ENDPOINTS } from './accounts.js';
import { ASSISTANT_ENDPOINTS } from './assistant.js';
import { AUTH_ENDPOINTS } from './auth.js';
import { BOOKS_ENDPOINTS } from './books.js';
import type { Endpoint } from './endpoint.js';
import { HEALTH_ENDPOINTS } from './health.js';
import { HMRC_ENDPOINTS } from './hmrc.js';
import { INCOME_TAX_ENDPOINTS } from './income-tax.js';
import { INTEGRATION_ENDPOINTS } from './integrations.js';
import { LEDGER_ENDPOINTS } from './ledger.js';
import { REPORT_ENDPOINTS } from './reports.js';
import { SETTINGS_ENDPOINTS } from './settings.js';
import { VAT_RETURN_ENDPOINTS } from './vat-return.js';

export * from './accounts.js';
export * from './assistant.js';
export * from './auth.js';
export * from './books.js';
export * from './endpoint.js';
export * from './health.js';
export * from './hmrc.js';
export * from './income-tax.js';
export * from './integrations.js';
export * from './ledger.js';
export * from './lenient-readings.js';
export * from './reports.js';
export * from './settings.js';
export * from './vat-return.js';

/** Every endpoint of the API, area by area: what the server registers and /api/docs describes (docs/api-contract.md). */
export const API = {
  auth: AUTH_ENDPOINTS,
  accounts: ACCOUNT_ENDPOINTS,
  ledger: LEDGER_ENDPOINTS,
  books: BOOKS_ENDPOINTS,
  reports: REPORT_ENDPOINTS,
  settings: SETTINGS_ENDPOINTS,
  integrations: INTEGRATION_ENDPOINTS,
  hmrc: HMRC_ENDPOINTS,
  vatReturn: VAT_RETURN_ENDPOINTS,
  incomeTax: INCOME_TAX_ENDPOINTS,
  assistant: ASSISTANT_ENDPOINTS,
  health: HEALTH_ENDPOINTS,
} as const;

export const ALL_ENDPOINTS: readonly Endpoint[] = Object.values(API).flatMap((area) => Object.values(area));
