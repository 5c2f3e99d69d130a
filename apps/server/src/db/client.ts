import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { trackCommits } from './after-commit.js';
/**
 * One query API over both drivers: every domain writes its queries once, with the tables it owns. No schema is
 * registered (the relational `db.query` API is not used), so db/ imports no domain (docs/architecture.md).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** Raw `execute` results differ in type between the drivers but both carry `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** What the job queue (pg-boss) connects through: the same embedded instance, or the same server. */
  jobBackend: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
  /** Runs fn on one dedicated connection: session-level advisory locks need that. */
  withConnection<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory for PGlite; undefined means in memory (tests). */
  pgliteDir?: string | undefined;
  /** A PGlite data directory as a tar file to start from (tests: a migrated database made once per run). */
  pgliteSnapshot?: Blob | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.pgliteDir, options.pgliteSnapshot);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = trackCommits(drizzlePg(pool) as unknown as Db);
  return {
    db,
    driver: 'postgres',
    jobBackend: { kind: 'postgres', url },
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn(trackCommits(drizzlePg(client) as unknown as Db));
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dir: string | undefined, snapshot: Blob | undefined): Promise<Database> {
  if (dir && !existsSync(dir)) mkdirSync(dir, { recursive: true });
  const client = new PGlite({
    ...(dir ? { dataDir: path.resolve(dir) } : {}),
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  });
  await client.waitReady;
  const db = trackCommits(drizzlePglite(client) as unknown as Db);
  return {
    db,
    driver: 'pglite',
    jobBackend: { kind: 'pglite', client },
    withConnection: (fn) => fn(db),
    close: () => client.close(),
  };
}
