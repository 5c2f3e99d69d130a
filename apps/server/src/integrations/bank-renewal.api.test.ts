import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceTransaction } from '../ledger/classify.js';
import { ledgerTransactions } from '../ledger/tables.js';
import { FakeBank, fakeProviders } from '../test/fake-providers.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import { syncDepsOf, waitForSync } from '../test/wait.js';
import { ProviderError } from './provider-error.js';
import type { IntegrationProviders } from './provider-registry.js';
import { runConnectionSync } from './sync/run-sync.js';
import { connections } from './tables.js';

/** The same five statement lines as two providers key them: their ids for one line differ. */
function statement(prefix: string): SourceTransaction[] {
  return ['2026-11-03', '2026-11-10', '2026-11-18', '2026-11-19', '2026-11-20'].map((day, i) => ({
    provider: 'bank' as const,
    externalId: `${prefix}-${day}`,
    occurredAt: new Date(`${day}T09:00:00Z`),
    amountPence: -(1000 + i * 100),
    description: `DD SUPPLIER ${i}`,
    counterparty: `Supplier ${i}`,
  }));
}

const NOW = new Date('2026-11-20T10:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: () => NOW, providers: fakeProviders({}, new FakeBank([])) });
});
afterAll(() => server.close());

type Owner = { id: string; access_token: string };
const providers = () => server.ctx.integrations.providers as IntegrationProviders & { bank: FakeBank | null };

/** Configures which fake providers this server talks to (a deployment changing its keys). */
function configure(forNewLinks: FakeBank, others: FakeBank[] = []) {
  Object.assign(server.ctx.integrations.providers, fakeProviders({}, forNewLinks, others));
}

async function link(owner: Owner, bank: FakeBank, institution = 'SANDBOXFINANCE_SFIN0000') {
  const built = await server.post(
    '/api/gocardless/build-a-link',
    { user_id: owner.id, institution_id: institution, redirect: `${server.url}/gocardless-redirect` },
    owner.access_token,
  );
  expect(built.status).toBe(200);
  const ref = bank.approve(bank.latestLinkId());
  const res = await server.post(
    '/api/gocardless/record-bank-transactions',
    { id: owner.id, requisition_id: built.body.requisition.id, ref },
    owner.access_token,
  );
  expect(res.status).toBe(200);
  await waitForSync(
    server,
    owner,
    (c) => c[0]?.status === 'connected' && c[0].sync.state === 'idle' && c[0].last_sync !== null,
  );
}

const bankRows = (owner: Owner) =>
  server.ctx.database.db
    .select({ externalId: ledgerTransactions.externalId, day: ledgerTransactions.localDate })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.userId, owner.id), eq(ledgerTransactions.provider, 'bank')));

const cash = async (owner: Owner) =>
  (await server.get(`/api/database/get-cash-in-the-bank/${owner.id}`, owner.access_token)).body.cash_in_the_bank;

describe('renewing a bank consent', () => {
  it('through a different provider when the old one is no longer configured: no day imported twice', async () => {
    const goCardless = new FakeBank(statement('gc').slice(0, 3));
    configure(goCardless);
    const owner = await signUpAndConfirm(server);
    await link(owner, goCardless);
    expect((await bankRows(owner)).map((r) => r.externalId).sort()).toEqual([
      'gc-2026-11-03',
      'gc-2026-11-10',
      'gc-2026-11-18',
    ]);
    expect((await cash(owner)).accounts).toHaveLength(1);

    // The deployment now has Enable Banking's keys only: the GoCardless link cannot be read any more.
    const enableBanking = new FakeBank(statement('eb'), 'enable_banking');
    enableBanking.accountIdentity = 'eb-identification-hash';
    configure(enableBanking);
    const [row] = await server.ctx.database.db.select().from(connections).where(eq(connections.userId, owner.id));
    expect(
      await runConnectionSync(
        syncDepsOf(server, () => NOW),
        row!.id,
      ),
    ).toBe('failed');
    const [ended] = (await server.get(`/api/integrations/sync-status/${owner.id}`, owner.access_token)).body
      .connections;
    expect(ended.status).toBe('needs_reconnect');

    await link(owner, enableBanking);
    // Enable Banking starts the day after GoCardless's last line, so the overlap is not imported twice.
    expect(enableBanking.fetched[0]).toMatchObject({ dateFrom: '2026-11-19', dateTo: '2026-11-20' });
    expect((await bankRows(owner)).map((r) => r.externalId).sort()).toEqual([
      'eb-2026-11-19',
      'eb-2026-11-20',
      'gc-2026-11-03',
      'gc-2026-11-10',
      'gc-2026-11-18',
    ]);
    // The balance of the account the old consent covered goes; the renewed consent's account is the cash now.
    expect((await cash(owner)).accounts).toHaveLength(1);
    expect((await cash(owner)).booked).toBe(12_345.67);
  });

  it('through the same provider, carrying its cursor on, while that provider is still configured', async () => {
    const goCardless = new FakeBank(statement('gc'));
    const enableBanking = new FakeBank([], 'enable_banking');
    configure(goCardless);
    const owner = await signUpAndConfirm(server);
    await link(owner, goCardless);
    expect(goCardless.fetched.at(-1)!.dateFrom < '2026-01-01').toBe(true);

    // New links now go through Enable Banking; the owner's GoCardless link keeps GoCardless for its renewal.
    configure(enableBanking, [goCardless]);
    await link(owner, goCardless);
    expect(enableBanking.fetched).toEqual([]);
    expect(goCardless.fetched.at(-1)).toMatchObject({ dateFrom: '2026-11-17', dateTo: '2026-11-20' });
    expect(goCardless.ended.size).toBe(1);
    expect(await bankRows(owner)).toHaveLength(5);
  });

  it('keeps the last balance when the bank refuses a balance read, without failing the import', async () => {
    const goCardless = new FakeBank(statement('gc'));
    configure(goCardless);
    const owner = await signUpAndConfirm(server);
    await link(owner, goCardless);
    const before = await cash(owner);
    expect(before).toMatchObject({ booked: 12_345.67, available: 12_000, currency: 'GBP', balance_date: null });

    goCardless.balance = { bookedPence: 1, availablePence: null, currency: 'GBP', referenceDate: '2026-11-20' };
    goCardless.balanceFailure = new ProviderError('gocardless', 'retryable', 'Daily request limit reached.', 429, 3600);
    const [row] = await server.ctx.database.db.select().from(connections).where(eq(connections.userId, owner.id));
    expect(
      await runConnectionSync(
        syncDepsOf(server, () => NOW),
        row!.id,
      ),
    ).toBe('imported');
    expect(await cash(owner)).toEqual(before);

    goCardless.balanceFailure = null;
    expect(
      await runConnectionSync(
        syncDepsOf(server, () => NOW),
        row!.id,
      ),
    ).toBe('imported');
    expect(await cash(owner)).toMatchObject({ booked: 0.01, available: null, balance_date: '2026-11-20' });
    expect(providers().bank).toBe(goCardless);
  });
});
