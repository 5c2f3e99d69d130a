import { inject } from 'vitest';
import type { Db } from '../db/client.js';
import { seedDemoAccount } from '../demo/seed-demo-account.js';
import { createLogger } from '../logging/logger.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite API tests: a migrated data directory as a tar file (pglite-snapshot.global.ts). */
    migratedPgliteSnapshot?: string;
    /** PostgreSQL API tests: a migrated database to copy (postgres-template.global.ts). */
    migratedPostgresTemplate?: string;
  }
}

/** What every test server's database holds before its test begins: the migrations and the demo account. */
export async function seedTestDatabase(db: Db): Promise<void> {
  await seedDemoAccount(db, createLogger('silent'));
}

/** What the run's global setup provided, or nothing outside Vitest (the bench drivers start test servers too). */
export function providedDatabase(key: 'migratedPgliteSnapshot' | 'migratedPostgresTemplate'): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}
