import { createHash, randomBytes } from 'node:crypto';
import { londonDateOf } from '@brade/contract';
import { generateSalonData, sumup } from '@brade/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SourceTransaction } from '../../../ledger/classify.js';
import { pressConsentButton } from '../../../test/consent-form-browser.js';
import { providerFailure } from '../../../test/provider-failure.js';
import type { ProviderEndpoint } from '../../provider-endpoint.js';
import type { CardProviderAdapter, CardProviderTokens, SyncCursor, TransactionPage } from '../card-provider.js';
import { createSumupAdapter } from './sumup-adapter.js';

const SEED = 'sumup-adapter-test';
const NOW = new Date('2026-06-15T17:30:00Z');
const DAY = 86_400_000;
/** The simulator serves about 18 months; a first import here reads the last 60 days to keep the test quick. */
const HISTORY_FROM = new Date(NOW.getTime() - 60 * DAY);
const REDIRECT = 'http://127.0.0.1:5999/sumup-redirect';
const FAST = { initialDelayMs: 1, maxDelayMs: 5 };
type CardRow = Exclude<SourceTransaction, { provider: 'bank' }>;

let sim: Awaited<ReturnType<typeof sumup.startSumupSimulator>>;
let endpoint: ProviderEndpoint;
let adapter: CardProviderAdapter;

beforeAll(async () => {
  sim = await sumup.startSumupSimulator({ seed: SEED, now: () => NOW, redirectUris: [REDIRECT] });
  endpoint = {
    sandbox: true,
    clientId: 'brade-test',
    clientSecret: 'brade-test-secret',
    authBaseUrl: sim.url,
    apiBaseUrl: sim.url,
  };
  adapter = createSumupAdapter(endpoint, { retry: FAST, now: () => NOW });
});
afterAll(() => sim.close());

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** The owner's round trip: consent page, Approve, back to Brade with a code. */
async function consent(button: 'approve' | 'deny', state = randomBytes(8).toString('hex')) {
  const { verifier, challenge } = pkce();
  const url = adapter.authorizationUrl({ state, redirectUri: REDIRECT, codeChallenge: challenge });
  return { redirect: await pressConsentButton(url, button), verifier, state };
}

async function connect(): Promise<CardProviderTokens> {
  const { redirect, verifier } = await consent('approve');
  return adapter.exchangeCode({
    code: redirect.searchParams.get('code')!,
    redirectUri: REDIRECT,
    codeVerifier: verifier,
    accountId: redirect.searchParams.get('merchant_code'),
  });
}

/** Pages until done like the sync engine does, saving each cursor as JSON the way the database would. */
async function importRun(tokens: CardProviderTokens, cursor: SyncCursor | null, now = NOW) {
  const pages: Array<TransactionPage & { from: SyncCursor | null }> = [];
  let at = cursor;
  for (let guard = 0; guard < 1000; guard++) {
    const page = await adapter.fetchPage(tokens, at, { historyFrom: HISTORY_FROM, now });
    pages.push({ ...page, from: at });
    at = JSON.parse(JSON.stringify(page.cursor)) as SyncCursor;
    if (page.done) return { pages, rows: pages.flatMap((p) => p.transactions), cursor: at };
  }
  throw new Error('The import never finished');
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);

const generated = new Map<string, ReturnType<typeof generateSalonData>>();
/** The salon's books as the simulator serves them on `today` (the last 548 London days). */
function salonData(today: string) {
  if (!generated.has(today))
    generated.set(today, generateSalonData({ seed: SEED, from: addDays(today, -548), to: today }));
  return generated.get(today)!;
}

/** What SumUp holds for the salon between `from` and `upto`, straight from the salon data generator. */
function expectedRows(from: Date, upto: Date): CardRow[] {
  const today = londonDateOf(upto);
  const data = salonData(today);
  const within = (d: Date) => d >= from && d <= upto;
  const rows: CardRow[] = [];
  const saleById = new Map(data.payments.map((p) => [p.id, p]));
  for (const p of data.payments) {
    if (p.processor !== 'sumup' || !within(p.occurredAt)) continue;
    const base = { provider: 'sumup', occurredAt: p.occurredAt } as const;
    // What the sale paid for, as the till's products; a sale keyed as an amount has none.
    const items = (p.items ?? []).map((i) => ({ name: i.name, quantity: i.quantity, amountPence: i.amountPence }));
    rows.push({
      ...base,
      type: 'payment',
      externalId: p.id,
      amountPence: p.amountPence,
      description: p.description,
      items,
    });
    if (p.feePence > 0) {
      const fee = { type: 'fee', externalId: `${p.id}:fee`, amountPence: p.feePence } as const;
      rows.push({ ...base, ...fee, description: 'SumUp processing fee' });
    }
  }
  for (const r of data.refunds) {
    if (r.processor !== 'sumup' || !within(r.occurredAt)) continue;
    const description = `Refund: ${saleById.get(r.paymentId)!.description}`;
    rows.push({
      provider: 'sumup',
      type: 'refund',
      externalId: r.id,
      occurredAt: r.occurredAt,
      amountPence: r.amountPence,
      description,
    });
  }
  return byId(rows);
}

const byId = <T extends SourceTransaction>(rows: T[]) =>
  [...rows].sort((a, b) => a.externalId.localeCompare(b.externalId));

/** Generous: these talk to a simulator that builds 18 months of books, on a machine that may be busy. */

describe('SumUp connection', () => {
  beforeEach(() => sim.control.reset());

  it('sends the owner to SumUp’s authorize page with the one scope, state and PKCE', () => {
    const url = new URL(adapter.authorizationUrl({ state: 'st-1', redirectUri: REDIRECT, codeChallenge: 'ch-1' }));
    expect(`${url.origin}${url.pathname}`).toBe(`${sim.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'brade-test',
      redirect_uri: REDIRECT,
      scope: 'transactions.history',
      state: 'st-1',
      code_challenge: 'ch-1',
      code_challenge_method: 'S256',
    });
  });

  it('exchanges the code for tokens that expire in an hour, on the owner’s merchant account', async () => {
    const { redirect, verifier, state } = await consent('approve');
    expect(redirect.searchParams.get('state')).toBe(state);
    const tokens = await adapter.exchangeCode({
      code: redirect.searchParams.get('code')!,
      redirectUri: REDIRECT,
      codeVerifier: verifier,
      accountId: redirect.searchParams.get('merchant_code'),
    });
    expect(tokens.accountId).toBe(sumup.sumupMerchant(SEED).merchantCode);
    expect(tokens.accountId).toBe(redirect.searchParams.get('merchant_code'));
    expect(tokens.expiresAt).toEqual(new Date(NOW.getTime() + 3600_000));
    expect(tokens.refreshToken).toMatch(/\S{20,}/);
  });

  it('refuses a code used twice, and SumUp then revokes what the code gave', async () => {
    const { redirect, verifier } = await consent('approve');
    const input = {
      code: redirect.searchParams.get('code')!,
      redirectUri: REDIRECT,
      codeVerifier: verifier,
      accountId: redirect.searchParams.get('merchant_code'),
    };
    const tokens = await adapter.exchangeCode(input);
    const replay = await providerFailure(adapter.exchangeCode(input));
    expect([replay.failure, replay.providerCode, replay.message]).toEqual([
      'rejected',
      'invalid_grant',
      'The authorization code has already been used.',
    ]);
    const after = await providerFailure(adapter.fetchPage(tokens, null, { historyFrom: HISTORY_FROM, now: NOW }));
    expect(after.failure).toBe('reauthorize');
  });

  it('refuses a code presented without the PKCE verifier it was issued for', async () => {
    const { redirect } = await consent('approve');
    const code = redirect.searchParams.get('code')!;
    const accountId = redirect.searchParams.get('merchant_code');
    const error = await providerFailure(
      adapter.exchangeCode({ code, redirectUri: REDIRECT, codeVerifier: pkce().verifier, accountId }),
    );
    expect([error.failure, error.message]).toEqual(['rejected', 'PKCE verification failed.']);
  });

  it('needs the merchant code of the return: the spec’s one scope opens no call that names the merchant', async () => {
    const { redirect, verifier } = await consent('approve');
    const code = redirect.searchParams.get('code')!;
    const error = await providerFailure(adapter.exchangeCode({ code, redirectUri: REDIRECT, codeVerifier: verifier }));
    expect([error.failure, error.message]).toEqual([
      'rejected',
      'SumUp did not say which merchant account was connected.',
    ]);
    // SumUp itself refuses the membership and payout calls a transactions.history token would need for it.
    const tokens = await connect();
    for (const path of [
      '/v0.1/memberships',
      `/v1.0/merchants/${tokens.accountId}/payouts?start_date=2026-03-01&end_date=2026-03-02`,
    ]) {
      const res = await fetch(`${sim.url}${path}`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
      expect(res.status).toBe(401);
    }
  });

  it('brings Deny back to Brade as access_denied with the state', async () => {
    const { redirect, state } = await consent('deny', 'deny-state');
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT);
    expect(Object.fromEntries(redirect.searchParams)).toEqual({ error: 'access_denied', state });
  });

  it('refreshes by rotating both tokens; the old refresh token then needs a reconnect', async () => {
    const tokens = await connect();
    const fresh = await adapter.refresh(tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).not.toBe(tokens.refreshToken);
    expect(fresh.accountId).toBe(tokens.accountId);
    const again = await providerFailure(adapter.refresh(tokens));
    expect([again.failure, again.providerCode]).toEqual(['reauthorize', 'invalid_grant']);
    const page = await adapter.fetchPage(fresh, null, { historyFrom: HISTORY_FROM, now: NOW });
    expect(page.transactions.length).toBeGreaterThan(0);
  });

  it('revokes locally only: SumUp has no revocation endpoint, so nothing is called', async () => {
    const offline = createSumupAdapter({
      ...endpoint,
      apiBaseUrl: 'http://127.0.0.1:9',
      authBaseUrl: 'http://127.0.0.1:9',
    });
    const tokens = await connect();
    await expect(offline.revoke(tokens)).resolves.toBeUndefined();
  });
});

describe('SumUp import', () => {
  let tokens: CardProviderTokens;
  let first: Awaited<ReturnType<typeof importRun>>;
  beforeAll(async () => {
    sim.control.reset();
    tokens = await connect();
    first = await importRun(tokens, null);
  });

  it('imports exactly the salon’s SumUp sales, fees and refunds over the window', () => {
    const rows = byId(first.rows as CardRow[]);
    expect(new Set(rows.map((r) => r.externalId)).size).toBe(rows.length);
    expect(rows).toEqual(expectedRows(HISTORY_FROM, NOW));
    expect(rows.filter((r) => r.type === 'refund').length).toBeGreaterThan(0);
    expect(first.pages.length).toBeGreaterThan(3);
    const sales = rows.filter((r) => r.type === 'payment');
    expect(sales.filter((r) => r.items?.length === 0).length).toBeGreaterThan(0);
    expect(sales.filter((r) => (r.items?.length ?? 0) > 0).length).toBeGreaterThan(sales.length / 2);
  });

  it('resumes from any saved cursor with the same page, and a later run only repeats the overlap', async () => {
    for (const page of [first.pages[1]!, first.pages.at(-2)!, first.pages.at(-1)!]) {
      const again = await adapter.fetchPage(tokens, page.from, { historyFrom: HISTORY_FROM, now: NOW });
      expect(again).toEqual({ transactions: page.transactions, cursor: page.cursor, done: page.done });
    }
    const next = await importRun(tokens, first.cursor);
    const earlier = new Map(first.rows.map((r) => [r.externalId, r]));
    for (const row of next.rows) expect(row).toEqual(earlier.get(row.externalId));
    expect(next.rows.length).toBeLessThan(first.rows.length / 10);
  });

  it('rides out rate limits and server errors and still imports everything', async () => {
    const history = `/v2.1/merchants/${tokens.accountId}/transactions/history`;
    sim.control.injectFaults({ status: 429, count: 2, retryAfterSeconds: 0, pathPrefix: history });
    sim.control.injectFaults({
      status: 500,
      count: 2,
      pathPrefix: `/v2.1/merchants/${tokens.accountId}/transactions?`,
    });
    const run = await importRun(tokens, null);
    expect(byId(run.rows)).toEqual(byId(first.rows));
  });

  it('gives up on an outage after the retry budget, as retryable', async () => {
    sim.control.injectFaults({ status: 500, count: 4 });
    const error = await providerFailure(adapter.fetchPage(tokens, null, { historyFrom: HISTORY_FROM, now: NOW }));
    expect([error.failure, error.status]).toEqual(['retryable', 500]);
  });

  it('hands a long Retry-After to the scheduler instead of waiting', async () => {
    sim.control.injectFaults({ status: 429, count: 1, retryAfterSeconds: 600 });
    const error = await providerFailure(adapter.fetchPage(tokens, null, { historyFrom: HISTORY_FROM, now: NOW }));
    expect([error.failure, error.retryAfterSeconds]).toEqual(['retryable', 600]);
  });

  it('asks for a reconnect when the token is revoked or has expired', async () => {
    const revokedTokens = await connect();
    sim.control.revokeToken(revokedTokens.accessToken);
    const revoked = await providerFailure(
      adapter.fetchPage(revokedTokens, null, { historyFrom: HISTORY_FROM, now: NOW }),
    );
    expect([revoked.failure, revoked.status, revoked.message]).toEqual(['reauthorize', 401, 'Invalid access token.']);

    const expiredTokens = await connect();
    sim.control.expireToken(expiredTokens.accessToken);
    const expired = await providerFailure(
      adapter.fetchPage(expiredTokens, null, { historyFrom: HISTORY_FROM, now: NOW }),
    );
    expect([expired.failure, expired.message]).toEqual(['reauthorize', 'Access token expired.']);
  });

  it('picks up the next day’s sales from where the last run ended', async () => {
    sim.control.advanceClock(DAY);
    try {
      const tomorrow = new Date(NOW.getTime() + DAY);
      // A day later the hour-long access token has run out: the sync engine refreshes first.
      const fresh = await adapter.refresh(tokens);
      const second = await importRun(fresh, first.cursor, tomorrow);
      const merged = new Map([...first.rows, ...second.rows].map((r) => [r.externalId, r]));
      expect(byId([...merged.values()])).toEqual(expectedRows(HISTORY_FROM, tomorrow));
      expect(second.rows.some((r) => r.occurredAt > NOW)).toBe(true);
    } finally {
      sim.control.advanceClock(-DAY);
    }
  });
});
