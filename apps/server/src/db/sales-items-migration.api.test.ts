import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../accounts/users.js';
import { type Database, openDatabase, rowsOf } from './client.js';
import { migrationsFolder } from './migrate.js';

/**
 * 0022_sales_items_and_team on books imported before Brade read what was sold (docs/finance.md, "What was sold"):
 * every connected card processor with sales reads its imported history again in the background, from its oldest
 * row, so its sales gain their lines; nothing else is touched.
 */
const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as {
  entries: Array<{ idx: number; tag: string }>;
};
const statementsOf = (tag: string) =>
  readFileSync(path.join(migrationsFolder(), `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
const target = journal.entries.find((e) => e.tag === '0022_sales_items_and_team')!;

let database: Database;
let drop = async () => {};
beforeAll(async () => {
  const adminUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const pg = (await import('pg')).default;
    const name = `brade_items_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  database = await openDatabase({ databaseUrl });
  for (const entry of journal.entries.filter((e) => e.idx < target.idx)) {
    for (const statement of statementsOf(entry.tag)) await database.db.execute(sql.raw(statement));
  }
});
afterAll(async () => {
  await database?.close();
  await drop();
});

describe('the sales items migration', () => {
  it('queues a background re-read of each connected card processor’s imported sales, and nothing else', async () => {
    const { db } = database;
    const owner = await createUser(db, { email: 'old-sales@salon.example', fullName: 'Old Sales', passwordHash: 'x' });
    const synced = '2026-10-01T10:00:00Z';
    const connection = (provider: string, status: string, credentials: string | null, backfill: string | null) => sql`
      (${owner.id}, ${provider}, ${status}, ${credentials}, ${synced}::timestamptz, ${backfill}::timestamptz)`;
    await db.execute(sql`
      insert into connections (user_id, provider, status, credentials, last_synced_at, backfill_until)
      values ${connection('stripe', 'connected', 'sealed', null)},
        ${connection('square', 'connected', 'sealed', null)},
        ${connection('sumup', 'disconnected', null, null)},
        ${connection('bank', 'connected', 'sealed', null)}`);
    const row = (provider: string, id: string, at: string, kind: string) =>
      sql`(${owner.id}, ${provider}, ${id}, 1000, ${at}::timestamptz, ${at.slice(0, 10)}, 'Old', 'Sales', ${kind})`;
    await db.execute(sql`
      insert into ledger_transactions
        (user_id, provider, external_id, amount_pence, occurred_at, local_date, description, category, kind)
      values ${row('stripe', 'ch_old', '2025-06-03T10:00:00Z', 'sale')}, ${row('stripe', 'ch_new', '2026-09-03T10:00:00Z', 'sale')},
        ${row('square', 'sq_fee', '2026-09-03T10:00:00Z', 'fee')}, ${row('sumup', 'su_1', '2026-09-04T10:00:00Z', 'sale')},
        ${row('bank', 'b_1', '2026-09-05T10:00:00Z', 'sale')}`);

    for (const statement of statementsOf(target.tag)) await db.execute(sql.raw(statement));

    const after = rowsOf<{ provider: string; history_from: string | null; backfill_until: string | null }>(
      await db.execute(sql`select provider, history_from::text, backfill_until::text from connections
        where user_id = ${owner.id} order by provider`),
    );
    const byProvider = Object.fromEntries(after.map((r) => [r.provider, r]));
    // Stripe has sales: it reads back to its oldest row, now.
    expect(byProvider.stripe!.history_from).toMatch(/^2025-06-03 10:00:00/);
    expect(byProvider.stripe!.backfill_until).not.toBeNull();
    // Square has no sales to give lines to; SumUp is disconnected (nothing can be read); the bank sells nothing.
    for (const provider of ['square', 'sumup', 'bank']) {
      expect(byProvider[provider], provider).toMatchObject({ history_from: null, backfill_until: null });
    }
    // The new tables are there and empty; the ledger's rows are as they were.
    const [counts] = rowsOf<{ items: string; rows: string }>(
      await db.execute(sql`select (select count(*) from ledger_sale_items) as items,
        (select count(*) from ledger_transactions where team_member_id is null) as rows`),
    );
    expect({ items: Number(counts!.items), rows: Number(counts!.rows) }).toEqual({ items: 0, rows: 5 });
  });
});
