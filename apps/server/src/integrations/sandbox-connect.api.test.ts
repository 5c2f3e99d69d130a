import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pressConsentButton } from '../test/consent-form-browser.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import { syncDepsOf, waitForSync } from '../test/wait.js';
import { runConnectionSync } from './sync/run-sync.js';
import { connections } from './tables.js';

/**
 * The whole path in sandbox mode: the real adapters talk to the simulators mounted on the same server, the
 * owner answers each provider's consent page, the import runs as a job, and the figures come from the ledger.
 */
let server: TestServer;
beforeAll(async () => {
  // Two months of history keep the run short; the full 24 months are the benchmark's and the browser tests' job.
  server = await startTestServer({ env: { SANDBOX_CONTROLS: 'true', SYNC_HISTORY_DAYS: '60' } });
});
afterAll(() => server.close());

const DATA_PATHS = { stripe: '/v1/', square: '/v2/', sumup: '/v2.1/' } as const;

type Owner = { id: string; access_token: string; email: string };

async function control(provider: string, action: string, body: unknown) {
  const res = await fetch(`${server.url}/sandbox/${provider}/__control/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
}

async function connectCard(owner: Owner, processor: 'stripe' | 'square' | 'sumup', button = 'approve') {
  const auth = await server.post(
    '/api/integrations/authorization-url',
    { id: owner.id, processor },
    owner.access_token,
  );
  expect(auth.status).toBe(200);
  expect(auth.body.url.startsWith(`${server.url}/sandbox/${processor}/`)).toBe(true);
  const back = await pressConsentButton(auth.body.url, button, { login: owner.email });
  expect(`${back.origin}${back.pathname}`).toBe(`${server.url}/${processor}-redirect`);
  return back;
}

async function figures(owner: Owner) {
  const get = async (call: string) =>
    (await server.get(`/api/database/${call}/${owner.id}`, owner.access_token)).body as { value: number };
  return {
    sales: (await get('get-current-month-sales-total')).value,
    expenses: (await get('get-current-month-expenses-total')).value,
  };
}

describe.each(['stripe', 'square', 'sumup'] as const)('%s in sandbox mode', (processor) => {
  it('connects through the consent page and imports through 429s and 500s', { timeout: 90_000 }, async () => {
    const owner = await signUpAndConfirm(server);
    const back = await connectCard(owner, processor);
    // Faults on the data endpoints only: the code exchange itself must go through.
    const pathPrefix = DATA_PATHS[processor];
    await control(processor, 'inject-faults', { status: 500, count: 2, pathPrefix });
    await control(processor, 'inject-faults', { status: 429, count: 2, retryAfterSeconds: 0, pathPrefix });
    const res = await server.post(
      `/api/${processor}/record-${processor}-transactions`,
      {
        id: owner.id,
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
        // As /sumup-redirect sends it on: SumUp names the merchant only on its return.
        ...(processor === 'sumup' ? { merchant_code: back.searchParams.get('merchant_code') } : {}),
      },
      owner.access_token,
    );
    expect(res.status).toBe(200);
    const [done] = await waitForSync(server, owner, (c) => c[0]?.last_sync !== null, 60_000);
    expect(done).toMatchObject({ processor, status: 'connected', sandbox: true, sync: { last_error: null } });
    expect(done!.sync.imported).toBeGreaterThan(0);
    const now = await figures(owner);
    expect(now.sales).toBeGreaterThan(0);
    const tokens = await server.get(`/api/database/get-access-tokens/${owner.id}`, owner.access_token);
    expect(tokens.body.sales_access_tokens[processor].status).toBe('connected');
  });

  it('reports a denied consent back to the redirect page, connecting nothing', async () => {
    const owner = await signUpAndConfirm(server);
    const back = await connectCard(owner, processor, 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    const tokens = await server.get(`/api/database/get-access-tokens/${owner.id}`, owner.access_token);
    expect(tokens.body.sales_access_tokens).toEqual({});
  });
});

/** Links the sandbox bank through build-a-link, the consent page and record-bank-transactions. */
async function linkSandboxBank(on: TestServer, owner: Owner, institution: string, button = 'approve') {
  const link = await on.post(
    '/api/gocardless/build-a-link',
    { user_id: owner.id, institution_id: institution, redirect: `${on.url}/gocardless-redirect` },
    owner.access_token,
  );
  expect(link.status).toBe(200);
  const back = await pressConsentButton(link.body.requisition.link, button);
  expect(`${back.origin}${back.pathname}`).toBe(`${on.url}/gocardless-redirect`);
  // What the return page passes on: whichever of code, state, ref and error the bank sent back.
  const returned = Object.fromEntries(
    ['code', 'state', 'ref', 'error'].flatMap((k) => (back.searchParams.has(k) ? [[k, back.searchParams.get(k)]] : [])),
  );
  const res = await on.post(
    '/api/gocardless/record-bank-transactions',
    { id: owner.id, requisition_id: link.body.requisition.id, ...returned },
    owner.access_token,
  );
  return { back, res };
}

/** Runs imports by hand until the bank's allowance of four a day is spent; the next one waits instead of calling. */
async function spendTheDailyAllowance(on: TestServer, owner: Owner) {
  const [row] = await on.ctx.database.db.select().from(connections).where(eq(connections.userId, owner.id));
  const deps = syncDepsOf(on, () => new Date());
  for (let run = 2; run <= 4; run++) expect(await runConnectionSync(deps, row!.id)).toBe('imported');
  expect(await runConnectionSync(deps, row!.id)).toBe('failed');
  const status = await on.get(`/api/integrations/sync-status/${owner.id}`, owner.access_token);
  expect(status.body.connections[0]).toMatchObject({ status: 'connected', sync: { state: 'waiting' } });
  expect(status.body.connections[0].sync.last_error).toMatch(
    /^Your bank's daily limit on updates is reached; the next import is at \d\d:\d\d\.$/,
  );
}

describe('the sandbox bank through Enable Banking (the default)', () => {
  it('links Mock ASPSP through its consent page, imports, shows cash in the bank and keeps to four updates a day', async () => {
    const owner = await signUpAndConfirm(server);
    const banks = await server.get('/api/gocardless/choose-a-bank', owner.access_token);
    expect(banks.body.banks[0]).toEqual({ id: 'GB:Mock ASPSP', name: 'Mock ASPSP' });
    const { back, res } = await linkSandboxBank(server, owner, 'GB:Mock ASPSP');
    expect([back.searchParams.has('code'), back.searchParams.has('state')]).toEqual([true, true]);
    expect(res.status).toBe(200);
    const [done] = await waitForSync(server, owner, (c) => c[0]?.last_sync !== null);
    expect(done).toMatchObject({
      processor: 'gocardless',
      institution: 'Mock ASPSP',
      sandbox: true,
      sync: { last_error: null },
    });
    expect((await figures(owner)).expenses).toBeGreaterThan(0);
    const cash = await server.get(`/api/database/get-cash-in-the-bank/${owner.id}`, owner.access_token);
    expect(cash.body.cash_in_the_bank).toMatchObject({ currency: 'GBP', booked: expect.any(Number) });
    await spendTheDailyAllowance(server, owner);
  });

  it('passes a refusal at the bank on to the server, which connects nothing', async () => {
    const owner = await signUpAndConfirm(server);
    const { back, res } = await linkSandboxBank(server, owner, 'GB:Mock ASPSP', 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The bank connection was not approved. Please connect again.');
  });
});

describe('the sandbox bank through GoCardless', () => {
  let goCardless: TestServer;
  beforeAll(async () => {
    goCardless = await startTestServer({ env: { SANDBOX_BANK_PROVIDER: 'gocardless', SYNC_HISTORY_DAYS: '60' } });
  });
  afterAll(() => goCardless.close());

  it('links through the consent page, imports, shows cash in the bank and keeps to four updates a day', async () => {
    const owner = await signUpAndConfirm(goCardless);
    const banks = await goCardless.get('/api/gocardless/choose-a-bank', owner.access_token);
    expect(banks.body.banks[0].id).toBe('SANDBOXFINANCE_SFIN0000');
    const { back, res } = await linkSandboxBank(goCardless, owner, 'SANDBOXFINANCE_SFIN0000');
    expect(back.searchParams.has('ref')).toBe(true);
    expect(res.status).toBe(200);
    const [done] = await waitForSync(goCardless, owner, (c) => c[0]?.last_sync !== null);
    expect(done).toMatchObject({ processor: 'gocardless', institution: 'Sandbox Finance', sync: { last_error: null } });
    const cash = await goCardless.get(`/api/database/get-cash-in-the-bank/${owner.id}`, owner.access_token);
    expect(cash.body.cash_in_the_bank).toMatchObject({ currency: 'GBP' });

    // The same salon's statement through Enable Banking gives the same figures, month by month, and the same cash.
    const viaEnableBanking = await signUpAndConfirm(server);
    expect((await linkSandboxBank(server, viaEnableBanking, 'GB:Mock ASPSP')).res.status).toBe(200);
    await waitForSync(server, viaEnableBanking, (c) => c[0]?.last_sync !== null);
    const books = async (on: TestServer, who: Owner) => {
      const read = async (call: string) => (await on.get(`/api/database/${call}/${who.id}`, who.access_token)).body;
      return {
        expenses: await read('get-monthly-expenses'),
        sales: await read('get-monthly-sales'),
        cash: (await read('get-cash-in-the-bank')).cash_in_the_bank.booked,
      };
    };
    const throughGoCardless = await books(goCardless, owner);
    expect(throughGoCardless.expenses.monthly_expenses.some((m: { amount: number }) => m.amount > 0)).toBe(true);
    expect(await books(server, viaEnableBanking)).toEqual(throughGoCardless);
    await spendTheDailyAllowance(goCardless, owner);
  });

  it('tells the server when the owner denies at the bank', async () => {
    const owner = await signUpAndConfirm(goCardless);
    const { back, res } = await linkSandboxBank(goCardless, owner, 'SANDBOXFINANCE_SFIN0000', 'deny');
    expect(back.searchParams.get('error')).toBe('UserCancelledSession');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The bank connection was not approved. Please connect again.');
  });
});
