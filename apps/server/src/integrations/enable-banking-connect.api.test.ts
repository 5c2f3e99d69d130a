import { generateKeyPair, type KeyObject } from 'node:crypto';
import { londonDateOf } from '@brade/contract';
import { enableBanking } from '@brade/sandbox';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerTransactions } from '../ledger/tables.js';
import { pressConsentButton } from '../test/consent-form-browser.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import { syncDepsOf, waitForSync } from '../test/wait.js';
import { runConnectionSync } from './sync/run-sync.js';
import { connections } from './tables.js';

/**
 * The bank calls with Enable Banking configured as a production deployment would configure it (application id,
 * PEM private key, base URL; GoCardless's keys set too, so Enable Banking wins for new links), pointed at the
 * Enable Banking simulator running alone with that application registered.
 */
const APPLICATION_ID = '3f0c6a52-59a5-4d1e-9a4e-7c2f5d1b0e11';
const MOCK = 'GB:Mock ASPSP';

let sim: Awaited<ReturnType<typeof enableBanking.startEnableBankingSimulator>>;
let server: TestServer;
let privateKey: KeyObject;
const application = { id: APPLICATION_ID, publicKey: null as unknown as KeyObject, redirectUrls: [] as string[] };

beforeAll(async () => {
  const keys = await new Promise<{ publicKey: KeyObject; privateKey: KeyObject }>((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: 2048 }, (error, publicKey, privateKey) =>
      error ? reject(error) : resolve({ publicKey, privateKey }),
    ),
  );
  privateKey = keys.privateKey;
  application.publicKey = keys.publicKey;
  sim = await enableBanking.startEnableBankingSimulator({
    seed: 'eb-api-salon',
    applications: [application],
    pageSize: 60,
  });
  server = await startTestServer({
    env: {
      ENABLE_BANKING_APPLICATION_ID: APPLICATION_ID,
      ENABLE_BANKING_PRIVATE_KEY: String(keys.privateKey.export({ type: 'pkcs8', format: 'pem' })),
      ENABLE_BANKING_BASE_URL: sim.url,
      GOCARDLESS_SECRET_ID: 'unused-id',
      GOCARDLESS_SECRET_KEY: 'unused-key',
      SYNC_HISTORY_DAYS: '45',
    },
  });
  application.redirectUrls.push(`${server.url}/gocardless-redirect`);
});
afterAll(async () => {
  await server?.close();
  await sim?.close();
});
afterEach(() => vi.restoreAllMocks());

type Owner = { id: string; access_token: string; email: string };

/** The simulator's own view, read as the registered application with the owner present (not counted as unattended). */
async function simGet(path: string) {
  const jwt = await new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: APPLICATION_ID })
    .setIssuer('enablebanking.com')
    .setAudience('api.enablebanking.com')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);
  const res = await fetch(`${sim.url}${path}`, {
    headers: { authorization: `Bearer ${jwt}`, 'psu-ip-address': '203.0.113.9' },
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the simulator sent
  return res.json() as Promise<any>;
}

async function connectionOf(owner: Owner) {
  const [row] = await server.ctx.database.db.select().from(connections).where(eq(connections.userId, owner.id));
  return row!;
}

async function bankRows(owner: Owner) {
  return server.ctx.database.db
    .select({ externalId: ledgerTransactions.externalId, amount: ledgerTransactions.amountPence })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.userId, owner.id), eq(ledgerTransactions.provider, 'bank')));
}

const cashOf = async (owner: Owner, id = owner.id) =>
  server.get(`/api/database/get-cash-in-the-bank/${id}`, owner.access_token);

/** build-a-link → the bank's page → a decision; returns the attempt id and where the bank sent the owner back. */
async function consent(owner: Owner, decision: 'approve' | 'deny' = 'approve') {
  const built = await server.post(
    '/api/gocardless/build-a-link',
    { user_id: owner.id, institution_id: MOCK, redirect: `${server.url}/gocardless-redirect` },
    owner.access_token,
  );
  expect(built.status).toBe(200);
  const { id, link } = built.body.requisition as { id: string; link: string };
  expect(link.startsWith(`${sim.url}/welcome?sessionid=`)).toBe(true);
  const back = await pressConsentButton(link, decision);
  expect(`${back.origin}${back.pathname}`).toBe(`${server.url}/gocardless-redirect`);
  return { id, back };
}

const finish = (owner: Owner, id: string, back: URL) =>
  server.post(
    '/api/gocardless/record-bank-transactions',
    {
      id: owner.id,
      requisition_id: id,
      ...Object.fromEntries(
        ['code', 'state', 'error', 'error_description'].flatMap((k) => {
          const value = back.searchParams.get(k);
          return value === null ? [] : [[k, value]];
        }),
      ),
    },
    owner.access_token,
  );

async function linkedOwner() {
  const owner = await signUpAndConfirm(server);
  const { id, back } = await consent(owner);
  const res = await finish(owner, id, back);
  expect(res.status).toBe(200);
  await waitForSync(server, owner, (c) => c[0]?.last_sync != null && c[0]?.sync.state === 'idle');
  return owner;
}

describe('the bank through Enable Banking', () => {
  it('lists Enable Banking’s banks, Mock ASPSP first, when both providers’ keys are set', async () => {
    const owner = await signUpAndConfirm(server);
    const res = await server.get('/api/gocardless/choose-a-bank', owner.access_token);
    expect(res.status).toBe(200);
    expect(res.body.banks[0]).toEqual({ id: MOCK, name: 'Mock ASPSP' });
    const foreign = await server.post(
      '/api/gocardless/build-a-link',
      { user_id: owner.id, institution_id: MOCK, redirect: 'https://evil.example/gocardless-redirect' },
      owner.access_token,
    );
    expect(foreign.status).toBe(400);
  });

  it('links through the bank’s page with code and state, imports the statement and shows cash in the bank', async () => {
    const owner = await signUpAndConfirm(server);
    expect((await cashOf(owner)).body).toEqual({ cash_in_the_bank: null });
    const { id, back } = await consent(owner);
    expect(back.searchParams.get('code')).toBeTruthy();
    const res = await finish(owner, id, back);
    expect(res.status).toBe(200);
    expect(res.body.connection).toMatchObject({
      processor: 'gocardless',
      status: 'connected',
      sandbox: false,
      institution: 'Mock ASPSP',
      institution_id: MOCK,
    });
    const replay = await finish(owner, id, back);
    expect(replay.body.error).toBe('This connection link has already been used. Please connect again.');

    const [done] = await waitForSync(server, owner, (c) => c[0]?.last_sync != null && c[0]?.sync.state === 'idle');
    expect(done).toMatchObject({ sync: { last_error: null } });
    const rows = await bankRows(owner);
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.every((r) => r.externalId.startsWith('eb:'))).toBe(true);

    const row = await connectionOf(owner);
    expect(row.bankProvider).toBe('enable_banking');
    const session = await simGet(`/sessions/${row.accountId}`);
    const { balances } = await simGet(`/accounts/${session.accounts[0]}/balances`);
    const cash = (await cashOf(owner)).body.cash_in_the_bank;
    expect(cash).toMatchObject({
      booked: Number(balances[0].balance_amount.amount),
      available: Number(balances[1].balance_amount.amount),
      currency: 'GBP',
      balance_date: londonDateOf(new Date()),
    });
    expect(Date.now() - Date.parse(cash.read_at)).toBeLessThan(5 * 60_000);

    const other = await signUpAndConfirm(server);
    expect((await cashOf(other, owner.id)).status).toBe(404);
    expect((await cashOf(other)).body).toEqual({ cash_in_the_bank: null });
  });

  it('refuses the code and state from another session of the same owner, then links the session that asked', async () => {
    // Enable Banking takes no PKCE: the attempt is bound to the session that started it (connect-attempts.ts).
    const owner = await signUpAndConfirm(server);
    const elsewhere = await server.post('/api/signin_user', { email: owner.email, password: owner.password });
    const { id, back } = await consent(owner);
    const stolen = await finish({ ...owner, access_token: elsewhere.body.access_token }, id, back);
    expect(stolen.status).toBe(400);
    expect(stolen.body.code).toBe('connect_other_session');
    expect(await server.ctx.database.db.select().from(connections).where(eq(connections.userId, owner.id))).toEqual([]);
    const res = await finish(owner, id, back);
    expect(res.status).toBe(200);
    expect(res.body.connection).toMatchObject({ processor: 'gocardless', status: 'connected' });
  });

  it('passes a refusal at the bank on and connects nothing', async () => {
    const owner = await signUpAndConfirm(server);
    const { id, back } = await consent(owner, 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    const res = await finish(owner, id, back);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The bank connection was not approved. Please connect again.');
    expect(
      (await server.get(`/api/integrations/sync-status/${owner.id}`, owner.access_token)).body.connections,
    ).toEqual([]);
  });

  it('renews an expired consent through Reconnect: new uids and transaction ids, the same history, no duplicates', async () => {
    const owner = await linkedOwner();
    const before = await bankRows(owner);
    const first = await connectionOf(owner);
    const firstUid = (await simGet(`/sessions/${first.accountId}`)).accounts[0];

    sim.control.expireConsent(first.accountId!);
    expect(
      await runConnectionSync(
        syncDepsOf(server, () => new Date()),
        first.id,
      ),
    ).toBe('failed');
    const [ended] = (await server.get(`/api/integrations/sync-status/${owner.id}`, owner.access_token)).body
      .connections;
    expect(ended).toMatchObject({ status: 'needs_reconnect', institution_id: MOCK });
    expect(ended.sync.last_error).toBe('Your bank consent has ended. Connect your bank again to keep importing.');
    // The last balance stays, with when it was read.
    expect((await cashOf(owner)).body.cash_in_the_bank).not.toBeNull();

    const spy = vi.spyOn(globalThis, 'fetch');
    const { id, back } = await consent(owner);
    expect((await finish(owner, id, back)).status).toBe(200);
    await waitForSync(
      server,
      owner,
      (c) => c[0]?.status === 'connected' && c[0].sync.state === 'idle' && c[0].last_sync !== null,
    );
    const renewed = await connectionOf(owner);
    expect(renewed.accountId).not.toBe(first.accountId);
    expect((await simGet(`/sessions/${renewed.accountId}`)).accounts[0]).not.toBe(firstUid);

    // It carried on from the last import (three days' overlap), not the full history again.
    const listing = spy.mock.calls
      .map(([url]) => new URL(String(url)))
      .find((url) => url.pathname.endsWith('/transactions'));
    const today = londonDateOf(new Date());
    const threeDaysBack = new Date(Date.parse(`${today}T12:00:00Z`) - 3 * 86_400_000).toISOString().slice(0, 10);
    expect(listing?.searchParams.get('date_from')).toBe(threeDaysBack);

    const after = await bankRows(owner);
    expect(after.map((r) => r.externalId).sort()).toEqual(before.map((r) => r.externalId).sort());
    expect(new Set(after.map((r) => r.externalId)).size).toBe(after.length);
  });

  it('renews a consent that is still running, closing the old session; disconnecting closes the new one', async () => {
    const owner = await linkedOwner();
    const before = await bankRows(owner);
    const old = await connectionOf(owner);
    const { id, back } = await consent(owner);
    expect((await finish(owner, id, back)).status).toBe(200);
    await waitForSync(server, owner, (c) => c[0]?.sync.state === 'idle' && c[0].last_sync !== null);
    expect((await simGet(`/sessions/${old.accountId}`)).status).toBe('CLOSED');
    expect((await bankRows(owner)).length).toBe(before.length);

    const current = await connectionOf(owner);
    const off = await server.post(
      '/api/database/delete-tokens',
      { id: owner.id, processor: 'gocardless' },
      owner.access_token,
    );
    expect(off.status).toBe(200);
    expect((await simGet(`/sessions/${current.accountId}`)).status).toBe('CLOSED');
    expect((await cashOf(owner)).body).toEqual({ cash_in_the_bank: null });
    expect((await bankRows(owner)).length).toBe(before.length);
  });
});
