import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from './client.js';
import { migrationsFolder } from './migrate.js';

/**
 * 0011_books_other_income on books kept by the rules before it: payouts decided by which processor was connected,
 * other income inside revenue. After it, payouts follow the ledger (docs/finance.md, "Card payouts") and the daily
 * totals keep other income apart.
 */
const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as {
  entries: Array<{ idx: number; tag: string }>;
};
const statementsOf = (tag: string) =>
  readFileSync(path.join(migrationsFolder(), `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
const target = journal.entries.find((e) => e.tag === '0011_books_other_income')!;

let database: Database;
let drop = async () => {};
beforeAll(async () => {
  const adminUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const pg = (await import('pg')).default;
    const name = `brade_books_${Date.now().toString(36)}`;
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

describe('the books migration', () => {
  it('settles old payouts by the ledger, unpairs the ones that became sales and keeps other income apart', async () => {
    const { db } = database;
    // The users table as it stood then: today's schema may name columns a later migration adds.
    const [owner] = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into users (email, full_name, password_hash)
        values ('old-books@salon.example', 'Old Books', 'x') returning id`),
    ) as [{ id: string }];
    const row = (id: string, provider: string, day: string, pence: number, kind: string, payout: string | null) =>
      sql`(${owner.id}, ${provider}, ${id}, ${pence}, ${`${day}T10:00:00Z`}, ${day}, ${id}, 'Old', ${kind}, ${payout})`;
    await db.execute(sql`
      insert into ledger_transactions
        (user_id, provider, external_id, amount_pence, occurred_at, local_date, description, category, kind, payout_processor)
      values
        ${row('sq_1', 'square', '2026-03-02', 4_000, 'sale', null)},
        ${row('sq_po', 'square', '2026-03-03', -3_930, 'payout', null)},
        ${row('b_sq', 'bank', '2026-03-04', 3_930, 'other_income', 'square')},
        ${row('b_su', 'bank', '2026-03-04', 2_500, 'transfer', 'sumup')},
        ${row('b_rent', 'bank', '2026-03-04', 12_000, 'other_income', null)}`);
    // Under the old rules the SumUp credit was a transfer (SumUp connected) paired with nothing in its ledger, and
    // the Square one was revenue (Square disconnected, its sale still there).
    await db.execute(sql`
      insert into ledger_daily_totals (user_id, local_date, revenue_pence, expenses_pence)
      values (${owner.id}, '2026-03-02', 4000, 0), (${owner.id}, '2026-03-03', 0, 0),
        (${owner.id}, '2026-03-04', 15930, 0)`);
    await db.execute(sql`
      update ledger_transactions set reconciled_with = (select id from ledger_transactions where external_id = 'sq_po')
      where external_id = 'b_su'`);

    for (const statement of statementsOf(target.tag)) await db.execute(sql.raw(statement));

    const kinds = rowsOf<{ external_id: string; kind: string; reconciled_with: string | null }>(
      await db.execute(sql`select external_id, kind, reconciled_with from ledger_transactions order by external_id`),
    );
    expect(kinds.map((r) => [r.external_id, r.kind, r.reconciled_with === null])).toEqual([
      ['b_rent', 'other_income', true],
      ['b_sq', 'transfer', true],
      ['b_su', 'sale', true],
      ['sq_1', 'sale', true],
      ['sq_po', 'payout', true],
    ]);
    const days = rowsOf<{ local_date: string; revenue_pence: string; other_income_pence: string }>(
      await db.execute(sql`
        select local_date::text, revenue_pence, other_income_pence from ledger_daily_totals order by local_date`),
    );
    // 4 March: the SumUp payout is the sales (£25), room rent is other income (£120), the Square payout nothing.
    expect(days.map((d) => [d.local_date, Number(d.revenue_pence), Number(d.other_income_pence)])).toEqual([
      ['2026-03-02', 4_000, 0],
      ['2026-03-03', 0, 0],
      ['2026-03-04', 2_500, 12_000],
    ]);
  });
});
