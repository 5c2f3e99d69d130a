/** The whole schema, gathered from the domains that own their tables (drizzle-kit reads the same files). */
export * from '../accounts/tables.js';
export * from '../auth/tables.js';
export * from '../mail/tables.js';
