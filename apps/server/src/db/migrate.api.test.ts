import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { migrationsFolder, runMigrations } from './migrate.js';

describe('migrations', () => {
  it('apply once even when several starts race, and are a no-op the second time', async () => {
    const url = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
    const name = `brade_mig_${Date.now().toString(36)}`;
    let databaseUrl: string | undefined;
    if (url) {
      const pg = (await import('pg')).default;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const u = new URL(url);
      u.pathname = `/${name}`;
      databaseUrl = u.toString();
    }
    const database = await openDatabase({ databaseUrl });
    try {
      await Promise.all([runMigrations(database), runMigrations(database), runMigrations(database)]);
      await runMigrations(database);
      const result = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8'));
      expect(journal.entries.length).toBeGreaterThan(0);
      expect(Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBe(journal.entries.length);
    } finally {
      await database.close();
      if (url) {
        const pg = (await import('pg')).default;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }
  });
});
