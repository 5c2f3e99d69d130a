/**
 * Benchmark tooling, not part of the server (bench/dashboard-calls.mjs): creates (or reuses) a confirmed owner and
 * fills their books straight from the salon-data generator, three years of a large salon in seconds:
 *   node apps/server/build.mjs --bench && node apps/server/dist/bench/seed-owner.js --email owner@example.com --years 3 --scale 5
 * The app itself never does this: every owner's and the demo's books arrive through the providers' adapters.
 * Uses DATABASE_URL (or the embedded database in DATA_DIR), runs migrations first. Prints the owner's id.
 */

import path from 'node:path';
import { parseArgs } from 'node:util';
import { addDays, londonDateOf, SOURCES } from '@brade/contract';
import { generateSalonData } from '@brade/sandbox';
import pino from 'pino';
import { createUser, findUserByEmail } from '../../apps/server/src/accounts/users.js';
import { hashPassword } from '../../apps/server/src/auth/passwords.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { runMigrations } from '../../apps/server/src/db/migrate.js';
import { markConnected } from '../../apps/server/src/integrations/connections.js';
import { importTransactions } from '../../apps/server/src/ledger/import.js';
import { payerHash } from '../../apps/server/src/ledger/payer-keys.js';
import { toSourceTransactions } from '../../apps/server/src/test/salon-rows.js';

const { values } = parseArgs({
  options: {
    email: { type: 'string', default: 'bench.owner@salon-test.co.uk' },
    password: { type: 'string', default: 'Chignon2026' },
    years: { type: 'string', default: '3' },
    scale: { type: 'string', default: '1' },
    seed: { type: 'string', default: 'bench-salon' },
  },
});

const config = loadConfig();
const log = pino({ level: 'info' });
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
await runMigrations(database);
const { db } = database;
const owner =
  (await findUserByEmail(db, values.email)) ??
  (await createUser(db, {
    email: values.email,
    fullName: 'Bench Owner',
    passwordHash: await hashPassword(values.password),
    confirmed: true,
  }));
for (const provider of SOURCES) await markConnected(db, owner.id, provider);

const today = londonDateOf(new Date());
const start = addDays(today, -Math.round(Number(values.years) * 365));
let imported = 0;
// A quarter at a time keeps memory flat however many years are asked for.
for (let from = start; from <= today; from = addDays(from, 92)) {
  const to = addDays(from, 91) < today ? addDays(from, 91) : today;
  const data = generateSalonData({ seed: values.seed, from, to, salesPerDayScale: Number(values.scale) });
  imported += await importTransactions(db, owner.id, toSourceTransactions(data), {
    hashPayer: payerHash(config.clientKey),
  });
  log.info({ from, to, imported }, 'seeding');
}
await database.close();
console.log(JSON.stringify({ id: owner.id, email: values.email, password: values.password, imported }));
