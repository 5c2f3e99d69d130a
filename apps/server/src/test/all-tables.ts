/**
 * Every table of every domain, for tests that look at the whole database. drizzle-kit reads the domains' tables.ts
 * itself (drizzle.config.ts), and the app's queries never need the whole schema at once.
 */

export * from '../accounts/tables.js';
export * from '../assistant/tables.js';
export * from '../auth/tables.js';
export * from '../hmrc/income-tax/tables.js';
export * from '../hmrc/tables.js';
export * from '../hmrc/vat/tables.js';
export * from '../integrations/tables.js';
export * from '../ledger/tables.js';
export * from '../mail/tables.js';
export * from '../rate-limits/tables.js';
export * from '../reports/tables.js';
export * from '../settings/tables.js';
