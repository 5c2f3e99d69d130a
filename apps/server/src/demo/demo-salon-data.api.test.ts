import { DEMO_ACCOUNT } from '@brade/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../accounts/users.js';
import { ledgerTransactions } from '../ledger/tables.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { demoNeedsFirstImport, syncDemoSalonData } from './demo-salon-data.js';

let server: TestServer;
let demoId: string;
const log = pino({ level: 'silent' });
beforeAll(async () => {
  server = await startTestServer();
  demoId = (await findUserByEmail(server.ctx.database.db, DEMO_ACCOUNT.email))!.id;
});
afterAll(() => server.close());

const db = () => server.ctx.database.db;
async function rows(): Promise<number> {
  const [row] = await db()
    .select({ n: sql<string>`count(*)` })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.userId, demoId));
  return Number(row!.n);
}

describe('the demo salon data', () => {
  it('imports about 18 months up to now, nothing later, and tops up without duplicates', async () => {
    expect(await demoNeedsFirstImport(db())).toBe(true);
    const morning = new Date('2026-04-15T09:30:00Z');
    await syncDemoSalonData(db(), log, morning);
    expect(await demoNeedsFirstImport(db())).toBe(false);
    const first = await rows();
    expect(first).toBeGreaterThan(20_000);
    const [future] = await db()
      .select({ n: sql<string>`count(*)` })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.userId, demoId), gt(ledgerTransactions.occurredAt, morning)));
    expect(Number(future!.n)).toBe(0);
    const [oldest] = await db()
      .select({ day: sql<string>`min(${ledgerTransactions.localDate})::text` })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.userId, demoId));
    expect(oldest!.day).toBe('2024-11-01');

    // The same moment again adds nothing; the evening adds the afternoon's takings.
    await syncDemoSalonData(db(), log, morning);
    expect(await rows()).toBe(first);
    await syncDemoSalonData(db(), log, new Date('2026-04-15T19:00:00Z'));
    expect(await rows()).toBeGreaterThan(first);
  });
});
