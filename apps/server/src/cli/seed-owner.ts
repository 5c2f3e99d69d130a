/**
 * Creates (or reuses) a confirmed owner and fills their books with generated salon data:
 *   node apps/server/dist/seed-owner.js --email owner@example.com --years 3 --scale 5
 * Uses DATABASE_URL (or the embedded database in DATA_DIR), runs migrations first. Prints the owner's id.
 */

import path from 'node:path';
import { parseArgs } from 'node:util';
import { addDays, londonDateOf } from '@brade/contract';
import { generateSalonData } from '@brade/sandbox';
import pino from 'pino';
import { createUser, findUserByEmail } from '../accounts/users.js';
import { hashPassword } from '../auth/passwords.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { toSourceTransactions } from '../demo/demo-salon-data.js';
import { connectedProcessors, markConnected } from '../integrations/connections.js';
import { importTransactions } from '../ledger/import.js';

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
for (const provider of ['stripe', 'square', 'sumup', 'bank'] as const) await markConnected(db, owner.id, provider);
const connected = await connectedProcessors(db, owner.id);

const today = londonDateOf(new Date());
const start = addDays(today, -Math.round(Number(values.years) * 365));
let imported = 0;
// A quarter at a time keeps memory flat however many years are asked for.
for (let from = start; from <= today; from = addDays(from, 92)) {
  const to = addDays(from, 91) < today ? addDays(from, 91) : today;
  const data = generateSalonData({ seed: values.seed, from, to, salesPerDayScale: Number(values.scale) });
  imported += await importTransactions(db, owner.id, toSourceTransactions(data), connected);
  log.info({ from, to, imported }, 'seeding');
}
await database.close();
console.log(JSON.stringify({ id: owner.id, email: values.email, password: values.password, imported }));
