import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { seedTestDatabase } from './migrated-database.js';

/**
 * Global setup of the PGlite API tests. An empty PGlite database costs over a second (initdb inside WebAssembly)
 * before its migrations; the run makes one migrated database and every test server loads a copy of it
 * (test-server.ts, which migrates from empty when none is provided; db/migrate.api.test.ts still does).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'brade-pglite-snapshot-'));
  const database = await openDatabase({});
  try {
    await runMigrations(database);
    await seedTestDatabase(database.db);
    const dump = await (database.jobBackend as { client: PGlite }).client.dumpDataDir('none');
    const file = path.join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('migratedPgliteSnapshot', file);
  } finally {
    await database.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
