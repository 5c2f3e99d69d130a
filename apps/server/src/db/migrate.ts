import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.js';

/** Any number of instances may start at once: the advisory lock lets one migrate while the others wait. */
const MIGRATION_LOCK_ID = 7_240_611;

export function migrationsFolder(): string {
  // Source (src/db) and bundle (dist) sit at different depths below apps/server.
  const candidates = [path.join(import.meta.dirname, '../../drizzle'), path.join(import.meta.dirname, '../drizzle')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta/_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** In-process callers queue here: PGlite's single connection makes the advisory lock re-entrant. */
const queues = new WeakMap<Database, Promise<void>>();

export function runMigrations(database: Database): Promise<void> {
  const previous = queues.get(database) ?? Promise.resolve();
  const next = previous.catch(() => {}).then(() => migrateLocked(database));
  queues.set(database, next);
  return next;
}

async function migrateLocked(database: Database): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  await database.withConnection(async (db) => {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    try {
      if (database.driver === 'pglite') {
        await migratePglite(db as never, { migrationsFolder: migrationsFolderPath });
      } else {
        await migratePg(db as never, { migrationsFolder: migrationsFolderPath });
      }
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
    }
  });
}
