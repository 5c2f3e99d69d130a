/** The whole schema, gathered from the domains that own their tables (drizzle-kit reads the same files). */

export * from '../accounts/tables.js';
export * from '../assistant/tables.js';
export * from '../auth/tables.js';
export * from '../hmrc/tables.js';
export * from '../integrations/tables.js';
export * from '../ledger/tables.js';
export * from '../mail/tables.js';
export * from '../reports/tables.js';
export * from '../settings/tables.js';
