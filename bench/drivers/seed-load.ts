/**
 * Benchmark tooling, not part of the server (bench/load.mjs): fills an empty PostgreSQL database with many owners
 * of small salons, each with the last few months of books:
 *   node apps/server/build.mjs --bench && DATABASE_URL=postgres://… node apps/server/dist/bench/seed-load.js --owners 1000 --months 3
 * A few template owners get their books through the real import (classification, payer keys, daily totals,
 * clients); every other owner gets a copy of one template's rows through COPY (psql), under their own ids. Prints
 * one JSON line: the owners' e-mails share a pattern and a password.
 */

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { addDays, londonDateOf, SOURCES } from '@brade/contract';
import { generateSalonData } from '@brade/sandbox';
import { sql } from 'drizzle-orm';
import { createUser, findUserByEmail } from '../../apps/server/src/accounts/users.js';
import { hashPassword } from '../../apps/server/src/auth/passwords.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase, rowsOf } from '../../apps/server/src/db/client.js';
import { runMigrations } from '../../apps/server/src/db/migrate.js';
import { markConnected } from '../../apps/server/src/integrations/connections.js';
import { importTransactions } from '../../apps/server/src/ledger/import.js';
import { payerHash } from '../../apps/server/src/ledger/payer-keys.js';
import { toSourceTransactions } from '../../apps/server/src/test/salon-rows.js';

const { values } = parseArgs({
  options: {
    owners: { type: 'string', default: '1000' },
    months: { type: 'string', default: '3' },
    templates: { type: 'string', default: '10' },
    scale: { type: 'string', default: '1' },
    password: { type: 'string', default: 'Chignon2026' },
  },
});
const OWNERS = Number(values.owners);
const TEMPLATES = Math.min(Number(values.templates), OWNERS);
const email = (n: number) => `load.owner.${n}@salon-test.co.uk`;

const config = loadConfig();
const databaseUrl = config.databaseUrl;
if (!databaseUrl) throw new Error('DATABASE_URL must name the load database (PostgreSQL)');
const database = await openDatabase({ databaseUrl });
await runMigrations(database);
const { db } = database;
const started = performance.now();
const log = (message: string) =>
  process.stderr.write(`  [seed ${((performance.now() - started) / 1000).toFixed(0)} s] ${message}\n`);

// Templates: the real import path, so every derived column is what the app itself would write.
const today = londonDateOf(new Date());
const from = addDays(today, -Math.round(Number(values.months) * 30.5));
const passwordHash = await hashPassword(values.password);
const templateIds: string[] = [];
for (let t = 0; t < TEMPLATES; t++) {
  const owner =
    (await findUserByEmail(db, email(t))) ??
    (await createUser(db, { email: email(t), fullName: `Load Owner ${t}`, passwordHash, confirmed: true }));
  for (const provider of SOURCES) await markConnected(db, owner.id, provider);
  const data = generateSalonData({ seed: `load-salon-${t}`, from, to: today, salesPerDayScale: Number(values.scale) });
  await importTransactions(db, owner.id, toSourceTransactions(data), { hashPayer: payerHash(config.clientKey) });
  templateIds.push(owner.id);
}
log(`${TEMPLATES} template owners imported`);

// The other owners: their account and connections copied in SQL, their books through COPY.
const ownerIds: string[][] = templateIds.map(() => []);
const newOwners = rowsOf<{ id: string; n: number }>(
  await db.execute(sql`
    insert into users (email, full_name, password_hash, email_confirmed_at, salon_name, business_address, postcode, state, country)
    select 'load.owner.' || n || '@salon-test.co.uk', 'Load Owner ' || n, t.password_hash, now(), t.salon_name,
      t.business_address, t.postcode, t.state, t.country
    from generate_series(${TEMPLATES}::int, ${OWNERS - 1}::int) n
    join users t on t.id = (${sql.param(templateIds)}::uuid[])[n % ${TEMPLATES} + 1]
    returning id, (regexp_match(email, '\\.(\\d+)@'))[1]::int as n`),
);
for (const { id, n } of newOwners) ownerIds[Number(n) % TEMPLATES]!.push(id);
await db.execute(sql`
  insert into connections (user_id, provider, status)
  select u.id, c.provider, c.status from users u
  join connections c on c.user_id = (${sql.param(templateIds)}::uuid[])[(regexp_match(u.email, '\\.(\\d+)@'))[1]::int % ${TEMPLATES} + 1]
  where u.email like 'load.owner.%' and u.id <> all(${sql.param(templateIds)}::uuid[])`);
log(`${newOwners.length} more owners created`);

const columnsOf = async (table: string) =>
  rowsOf<{ column_name: string }>(
    await db.execute(
      sql`select column_name from information_schema.columns where table_name = ${table} order by ordinal_position`,
    ),
  ).map((r) => r.column_name);

/** COPY's text format: backslash, tab and line breaks escaped, null as \N. */
const field = (value: string | null) =>
  value === null
    ? '\\N'
    : value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');

/** Streams a template's rows once per owner into `table`, with the owner's id and (for a keyed table) new row ids. */
async function copyRows(table: string): Promise<number> {
  const columns = await columnsOf(table);
  const userAt = columns.indexOf('user_id');
  const idAt = columns.indexOf('id');
  const pointerAt = columns.indexOf('reconciled_with');
  const psql = spawn(
    'psql',
    [databaseUrl!, '-v', 'ON_ERROR_STOP=1', '-qc', `copy ${table} (${columns.join(', ')}) from stdin`],
    {
      stdio: ['pipe', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) => psql.once('exit', resolve));
  let written = 0;
  const write = (chunk: string) =>
    psql.stdin.write(chunk) ? Promise.resolve() : new Promise<void>((resolve) => psql.stdin.once('drain', resolve));
  for (const [t, templateId] of templateIds.entries()) {
    const rows = rowsOf<Record<string, string | null>>(
      await db.execute(
        sql.raw(`select ${columns.map((c) => `${c}::text`).join(', ')} from ${table} where user_id = '${templateId}'`),
      ),
    ).map((row) => columns.map((c) => row[c] ?? null));
    for (const owner of ownerIds[t]!) {
      const newIds = new Map<string, string>();
      if (idAt >= 0) for (const row of rows) newIds.set(row[idAt]!, randomUUID());
      let chunk = '';
      for (const row of rows) {
        const copy = [...row];
        copy[userAt] = owner;
        if (idAt >= 0) copy[idAt] = newIds.get(row[idAt]!)!;
        if (pointerAt >= 0 && copy[pointerAt]) copy[pointerAt] = newIds.get(copy[pointerAt]!) ?? null;
        chunk += `${copy.map(field).join('\t')}\n`;
      }
      await write(chunk);
      written += rows.length;
    }
  }
  psql.stdin.end();
  if ((await exited) !== 0) throw new Error(`COPY into ${table} failed`);
  return written;
}

const ledgerRows = await copyRows('ledger_transactions');
log(`${ledgerRows} ledger rows copied`);
await copyRows('ledger_daily_totals');
log('daily totals copied');
await db.execute(sql`vacuum analyze ledger_transactions`);
await db.execute(sql`vacuum analyze ledger_daily_totals`);
await db.execute(sql`analyze users`);
const total = Number(
  rowsOf<{ n: string }>(await db.execute(sql`select count(*)::text as n from ledger_transactions`))[0]!.n,
);
log(`vacuumed and analysed: ${total} ledger rows in all`);
await database.close();
console.log(
  JSON.stringify({
    owners: OWNERS,
    ledgerRows: total,
    emailPattern: 'load.owner.N@salon-test.co.uk',
    password: values.password,
  }),
);
