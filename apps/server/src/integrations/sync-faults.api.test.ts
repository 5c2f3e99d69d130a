import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_LIMITS } from '../../../../test-limits.js';
import { ledgerTransactions as ledgerTable } from '../ledger/tables.js';
import { FakeCardProvider, fakeProviders, payments } from '../test/fake-providers.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import { connectFakeCard, syncDepsOf, waitForSync } from '../test/wait.js';
import { ProviderError } from './provider-error.js';
import { runConnectionSync } from './sync/run-sync.js';
import { connections } from './tables.js';

const days = Array.from({ length: 10 }, (_, i) => `2026-11-${String(i + 2).padStart(2, '0')}`);
const stripe = new FakeCardProvider('stripe', payments('stripe', days, 1000));
const square = new FakeCardProvider('square', payments('square', days, 2000));
const sumup = new FakeCardProvider('sumup', payments('sumup', days, 3000));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    clock: () => new Date('2026-11-20T10:00:00Z'),
    providers: fakeProviders({ stripe, square, sumup }, null),
    // A long lease: on a loaded machine a short one could hand a run over mid-way (the crash test has its own).
    env: { SYNC_LEASE_SECONDS: '30' },
    syncSweepMs: 200,
  });
});
afterAll(() => server.close());

const connect = (owner: { id: string; access_token: string }, provider: FakeCardProvider) =>
  connectFakeCard(server, owner, provider);

async function mailWith(email: string, subject: string) {
  for (let i = 0; i < 100; i++) {
    const mails = await server.mailsTo(email);
    if (mails.some((m) => m.subject === subject)) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail "${subject}" to ${email}`);
}

const ledgerCount = async (userId: string) =>
  (await server.ctx.database.db.select().from(ledgerTable).where(eq(ledgerTable.userId, userId))).length;

describe('import runs when the provider misbehaves', () => {
  // A scripted failure lasts for its test only (any extra run in it fails the same way).
  afterEach(() => {
    for (const fake of [stripe, square, sumup]) fake.failures = {};
  });

  it('retries 429s and 500s with backoff until every row is in, once', async () => {
    const owner = await signUpAndConfirm(server);
    stripe.failures.fetch = {
      failure: new ProviderError('stripe', 'retryable', 'Too many requests.', 429, 1),
      times: 2,
    };
    await connect(owner, stripe);
    const [done] = await waitForSync(server, owner, (c) => c[0]?.last_sync !== null);
    expect(done!.sync).toMatchObject({ state: 'idle', last_error: null });
    expect(await ledgerCount(owner.id)).toBe(10);
  });

  it('marks a revoked token as needing reconnection, in words, and stops scheduling', async () => {
    const owner = await signUpAndConfirm(server);
    square.failures.fetch = {
      failure: new ProviderError('square', 'reauthorize', 'The access token was revoked.', 401),
      times: Number.POSITIVE_INFINITY,
    };
    await connect(owner, square);
    const [row] = await waitForSync(server, owner, (c) => c[0]?.status === 'needs_reconnect');
    expect(row).toMatchObject({ next_sync: null, sync: { state: 'failed' } });
    expect(row!.sync.last_error).toBe(
      'Square no longer allows Brade to read this account (The access token was revoked.). Connect it again to keep importing.',
    );
    expect(await ledgerCount(owner.id)).toBe(0);
    // The e-mail follows the failure record: wait for it.
    const mails = await mailWith(owner.email, 'Action required: your Square connection');
    expect(mails.filter((m) => m.subject === 'Action required: your Square connection')).toHaveLength(1);
    expect(mails[0]!.text).toContain('Connect it again to keep importing.');
    expect(mails[0]!.text).toContain(`${server.url}/main-menu/settings`);
  });

  it('stops a run the provider rejects with its reason and schedules the next', async () => {
    const owner = await signUpAndConfirm(server);
    sumup.failures.fetch = {
      failure: new ProviderError('sumup', 'rejected', 'The merchant account is not active.', 403),
      times: Number.POSITIVE_INFINITY,
    };
    await connect(owner, sumup);
    const [row] = await waitForSync(server, owner, (c) => c[0]?.sync.state === 'failed');
    expect(row!.status).toBe('connected');
    expect(row!.sync.last_error).toBe('SumUp refused the import: The merchant account is not active.');
    expect(row!.next_sync).toBe('2026-11-20T11:00:00.000Z');
    expect((await mailWith(owner.email, 'Action required: your SumUp connection')).length).toBeGreaterThan(0);
  });

  it('sends no Action Required e-mail to an owner who turned them off', async () => {
    const owner = await signUpAndConfirm(server);
    const off = await server.post(
      `/api/database/update-notification-settings/${owner.id}`,
      { monthly_summary: 'enable', action_required: 'disable' },
      owner.access_token,
    );
    expect(off.status).toBe(200);
    sumup.failures.fetch = {
      failure: new ProviderError('sumup', 'rejected', 'The merchant account is not active.', 403),
      times: Number.POSITIVE_INFINITY,
    };
    await connect(owner, sumup);
    await waitForSync(server, owner, (c) => c[0]?.sync.state === 'failed');
    // The e-mail would follow the failure record within milliseconds; give it ample time not to come.
    await new Promise((r) => setTimeout(r, 500));
    expect((await server.mailsTo(owner.email)).map((m) => m.subject)).not.toContain(
      'Action required: your SumUp connection',
    );
  });

  it('resumes a run whose process died mid-import from its saved cursor, ending with each row once', async () => {
    // The first run "dies" on its third page: it never returns, and its lease lapses.
    let died = false;
    let release = () => {};
    const crashing = new FakeCardProvider('stripe', payments('stripe', days, 1000));
    crashing.beforePage = async (page) => {
      if (page === 2 && !died) {
        died = true;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
    };
    const local = await startTestServer({
      clock: () => new Date('2026-11-20T10:00:00Z'),
      providers: fakeProviders({ stripe: crashing }, null),
      env: { SYNC_LEASE_SECONDS: '1' },
      syncSweepMs: 200,
      syncWriteBatchRows: 1,
    });
    try {
      const me = await signUpAndConfirm(local);
      await connectFakeCard(local, me, crashing);
      // A whole import written a row at a time, after a lapsed lease: a background wait (test-limits.ts).
      await waitForSync(local, me, (c) => c[0]?.last_sync !== null, TEST_LIMITS.api.background);
      const rows = await local.ctx.database.db.select().from(ledgerTable).where(eq(ledgerTable.userId, me.id));
      expect(rows.map((r) => r.externalId).sort()).toEqual(crashing.transactions.map((t) => t.externalId).sort());
      // The second run started from the dead run's saved cursor (offset 6), not from scratch.
      expect(crashing.pageCalls.filter((c) => c === null)).toHaveLength(1);
      expect(crashing.pageCalls).toContainEqual({ offset: 6 });
    } finally {
      release();
      await local.close();
    }
  });

  it('stops a run that lost its lease without overwriting the run that took over', async () => {
    let release = () => {};
    let stall = false;
    const slow = new FakeCardProvider('stripe', payments('stripe', days, 1000));
    slow.beforePage = async (page) => {
      if (stall && page === 1) {
        stall = false;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
    };
    const local = await startTestServer({
      clock: () => new Date('2026-11-20T10:00:00Z'),
      providers: fakeProviders({ stripe: slow }, null),
    });
    try {
      const me = await signUpAndConfirm(local);
      await connectFakeCard(local, me, slow);
      await waitForSync(local, me, (c) => c[0]?.last_sync !== null);
      const [row] = await local.ctx.database.db.select().from(connections).where(eq(connections.userId, me.id));
      const deps = syncDepsOf(local, () => new Date('2026-11-20T12:00:00Z'), { leaseSeconds: 1, writeBatchRows: 1 });
      // Run A stalls on its second page past its one-second lease; run B takes over and finishes.
      // Both runs start from scratch (a re-import), so there are pages to stall on.
      await local.ctx.database.db.update(connections).set({ syncCursor: null });
      stall = true;
      const a = runConnectionSync(deps, row!.id);
      await new Promise((r) => setTimeout(r, 1500));
      expect(await runConnectionSync({ ...deps, leaseSeconds: 30 }, row!.id)).toBe('imported');
      release();
      expect(await a).toBe('skipped');
      const [after] = (await local.get(`/api/integrations/sync-status/${me.id}`, me.access_token)).body.connections;
      // B resumed from A's first saved page (3 rows) and imported the other 7.
      expect(after).toMatchObject({ last_sync: '2026-11-20T12:00:00.000Z', sync: { state: 'idle', imported: 7 } });
      expect(await local.ctx.database.db.$count(ledgerTable, eq(ledgerTable.userId, me.id))).toBe(10);
    } finally {
      release();
      await local.close();
    }
  });

  it('ends a run whose page fails while the previous batch is written only after that batch is saved', async () => {
    // Pages are fetched while the batch before them is written: the failure on the third page arrives while the
    // second page's batch is in flight, and the run must still leave that batch and its cursor saved.
    let fail = false;
    const flaky = new FakeCardProvider('stripe', payments('stripe', days, 1000));
    flaky.beforePage = async (page) => {
      if (fail && page === 2) {
        fail = false;
        throw new ProviderError('stripe', 'rejected', 'Stripe is down for maintenance.', 400);
      }
    };
    const local = await startTestServer({
      clock: () => new Date('2026-11-20T10:00:00Z'),
      providers: fakeProviders({ stripe: flaky }, null),
    });
    try {
      const me = await signUpAndConfirm(local);
      await connectFakeCard(local, me, flaky);
      await waitForSync(local, me, (c) => c[0]?.last_sync !== null);
      const db = local.ctx.database.db;
      // A re-import from scratch into an empty ledger, one page a batch.
      await db.update(connections).set({ syncCursor: null });
      await db.delete(ledgerTable).where(eq(ledgerTable.userId, me.id));
      const [row] = await db.select().from(connections).where(eq(connections.userId, me.id));
      const deps = syncDepsOf(local, () => new Date('2026-11-20T12:00:00Z'), { writeBatchRows: 1 });
      // Each write waits a moment first, so that the failing fetch surely comes while a write is in flight.
      const slowWrites = new Proxy(db, {
        get: (target, name, receiver) =>
          name === 'transaction'
            ? async (...args: Parameters<typeof db.transaction>) => {
                await new Promise((r) => setTimeout(r, 300));
                return target.transaction(...args);
              }
            : Reflect.get(target, name, receiver),
      });
      fail = true;
      flaky.pageCalls.length = 0;
      expect(await runConnectionSync({ ...deps, db: slowWrites }, row!.id)).toBe('failed');
      const [failed] = await db.select().from(connections).where(eq(connections.id, row!.id));
      expect(failed!.syncCursor).toEqual({ offset: 6 });
      expect(await db.$count(ledgerTable, eq(ledgerTable.userId, me.id))).toBe(6);
      // Nothing was fetched past the failed page.
      expect(flaky.pageCalls).toEqual([null, { offset: 3 }, { offset: 6 }]);

      flaky.pageCalls.length = 0;
      expect(await runConnectionSync(deps, row!.id)).toBe('imported');
      expect(flaky.pageCalls[0]).toEqual({ offset: 6 });
      const rows = await db.select().from(ledgerTable).where(eq(ledgerTable.userId, me.id));
      expect(rows.map((r) => r.externalId).sort()).toEqual(flaky.transactions.map((t) => t.externalId).sort());
    } finally {
      await local.close();
    }
  });

  it('never runs one connection twice at once', async () => {
    const owner = await signUpAndConfirm(server);
    await connect(owner, stripe);
    await waitForSync(server, owner, (c) => c[0]?.last_sync !== null);
    const [row] = await server.ctx.database.db.select().from(connections).where(eq(connections.userId, owner.id));
    const deps = syncDepsOf(server, () => new Date('2026-11-20T10:00:00Z'));
    const results = await Promise.all([runConnectionSync(deps, row!.id), runConnectionSync(deps, row!.id)]);
    expect(results.sort()).toEqual(['imported', 'skipped']);
    expect(await ledgerCount(owner.id)).toBe(10);
  });
});
