import { generateSalonData, stripe as stripeSimulator } from '@brade/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_LIMITS } from '../../../../../../test-limits.js';
import { answerStripeConsent } from '../../../test/stripe-consent-browser.js';
import type { ProviderEndpoint } from '../../provider-endpoint.js';
import { ProviderError } from '../../provider-error.js';
import type { CardProviderAdapter, CardProviderTokens, SyncCursor } from '../card-provider.js';
import { createStripeAdapter } from './stripe-adapter.js';
import { STRIPE_RESCAN_OVERLAP_SECONDS } from './stripe-sync-cursor.js';
import type { StripeRow } from './stripe-transform.js';

const NOW = new Date('2026-05-14T15:00:00Z');
const WINDOW = { historyFrom: new Date('2026-03-01T00:00:00Z'), now: NOW };
const REDIRECT_URI = 'http://127.0.0.1:5173/stripe-redirect';
const FAST_RETRY = { initialDelayMs: 1, maxDelayMs: 5 };
/** A first call for a new merchant makes the simulator generate that salon's 18 months: seconds on a busy machine. */
// Generating a salon's year in the simulator is the slow part; the unit project's ceiling (test-limits.ts) covers it.
const SALON_GENERATION_MS = TEST_LIMITS.unit.test;

let sim: stripeSimulator.RunningCardSimulator;
let endpoint: ProviderEndpoint;
let adapter: CardProviderAdapter;

beforeAll(async () => {
  sim = await stripeSimulator.startStripeSimulator({
    seed: 'stripe-adapter-test',
    now: () => NOW,
    redirectUris: [REDIRECT_URI],
  });
  endpoint = { sandbox: true, ...sim.control.credentials, authBaseUrl: sim.url, apiBaseUrl: sim.url };
  adapter = createStripeAdapter(endpoint, { retry: FAST_RETRY });
});
afterAll(() => sim.close());

async function consent(decision: 'approve' | 'deny', login = 'owner@salon.example'): Promise<URL> {
  const url = adapter.authorizationUrl({ state: 'state-1', redirectUri: REDIRECT_URI, codeChallenge: null });
  return answerStripeConsent(url, decision, login);
}

async function connect(login: string): Promise<CardProviderTokens> {
  const redirect = await consent('approve', login);
  return adapter.exchangeCode({
    code: redirect.searchParams.get('code')!,
    redirectUri: REDIRECT_URI,
    codeVerifier: null,
  });
}

async function importAll(tokens: CardProviderTokens, cursor: SyncCursor | null, using = adapter) {
  const rows: StripeRow[] = [];
  let pages = 0;
  for (;;) {
    const page = await using.fetchPage(tokens, cursor, WINDOW);
    pages += 1;
    rows.push(...(page.transactions as StripeRow[]));
    cursor = page.cursor;
    if (page.done) return { rows, cursor, pages };
    if (pages > 500) throw new Error('the import never finished');
  }
}

const key = (row: StripeRow) =>
  [
    row.type,
    row.externalId,
    Math.floor(row.occurredAt.getTime() / 1000),
    row.amountPence,
    row.customerId ?? '',
    row.cardFingerprint ?? '',
  ].join('|');

/** What the simulator's merchant took over the window, from the generator itself (not from the simulator). */
function expectedRows(seed: string): string[] {
  // A week past "now": a payout created before then may arrive after it.
  const data = generateSalonData({ seed, from: '2026-02-01', to: '2026-05-21' });
  const inWindow = (at: Date) => at >= WINDOW.historyFrom && at <= NOW;
  const rows: StripeRow[] = [];
  const base = { provider: 'stripe' as const, description: '' };
  for (const p of data.payments.filter((r) => r.processor === 'stripe' && inWindow(r.occurredAt))) {
    rows.push({
      ...base,
      type: 'payment',
      externalId: p.id,
      occurredAt: p.occurredAt,
      amountPence: p.amountPence,
      customerId: p.customerId,
      cardFingerprint: p.cardFingerprint,
    });
    rows.push({ ...base, type: 'fee', externalId: `${p.id}:fee`, occurredAt: p.occurredAt, amountPence: p.feePence });
  }
  for (const r of data.refunds.filter((x) => x.processor === 'stripe' && inWindow(x.occurredAt)))
    rows.push({ ...base, type: 'refund', externalId: r.id, occurredAt: r.occurredAt, amountPence: r.amountPence });
  // Stripe dates a payout from its creation, days before it arrives in the bank.
  for (const p of data.payouts) {
    const created = stripeSimulator.stripePayoutCreatedAt(p);
    if (p.processor !== 'stripe' || !inWindow(created)) continue;
    rows.push({ ...base, type: 'payout', externalId: p.id, occurredAt: created, amountPence: p.amountPence });
  }
  return rows.map(key).sort();
}

describe('Stripe adapter: authorisation', () => {
  it('sends the owner to Connect with read_only scope, the redirect URI and the state', () => {
    const url = new URL(adapter.authorizationUrl({ state: 'st-9', redirectUri: REDIRECT_URI, codeChallenge: null }));
    expect(`${url.origin}${url.pathname}`).toBe(`${sim.url}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: endpoint.clientId,
      scope: 'read_only',
      redirect_uri: REDIRECT_URI,
      state: 'st-9',
    });
    expect(adapter.supportsPkce).toBe(false);
  });

  it('brings a denial back to the redirect URI as access_denied with the state', async () => {
    const redirect = await consent('deny');
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT_URI);
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('state')).toBe('state-1');
    expect(redirect.searchParams.has('code')).toBe(false);
  });

  it('exchanges a code once for non-expiring tokens; the same code again needs a new consent', async () => {
    const redirect = await consent('approve', 'once@salon.example');
    expect(redirect.searchParams.get('state')).toBe('state-1');
    const code = redirect.searchParams.get('code')!;
    const tokens = await adapter.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: null });
    expect(tokens.accountId).toMatch(/^acct_/);
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.expiresAt).toBeNull();
    expect(adapter.refreshes).toBe(false);
    await expect(adapter.refresh(tokens)).resolves.toEqual(tokens);

    const again = await adapter.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: null }).catch((e) => e);
    expect(again).toBeInstanceOf(ProviderError);
    expect(again).toMatchObject({ failure: 'reauthorize', providerCode: 'invalid_grant', status: 400 });
    expect(again.message).toContain('Authorization code already used');
  });

  it("rejects Brade's wrong platform key with Stripe's own words, without retrying or asking the owner", async () => {
    const wrong = createStripeAdapter(
      { ...endpoint, clientSecret: 'sk_test_wrong0000000000000000' },
      { retry: FAST_RETRY },
    );
    const redirect = await consent('approve', 'wrongkey@salon.example');
    const error = await wrong
      .exchangeCode({ code: redirect.searchParams.get('code')!, redirectUri: REDIRECT_URI, codeVerifier: null })
      .catch((e) => e);
    expect(error).toMatchObject({ failure: 'rejected', providerCode: 'invalid_client', status: 401 });
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_\*+0000$/);
  });
});

describe('Stripe adapter: import', () => {
  let tokens: CardProviderTokens;
  let first: Awaited<ReturnType<typeof importAll>>;

  beforeAll(async () => {
    tokens = await connect('import@salon.example');
    first = await importAll(tokens, null);
  }, 3 * SALON_GENERATION_MS);

  it("imports exactly the merchant's payments, fees, refunds and payouts over the window, page by page", () => {
    expect(first.pages).toBeGreaterThan(2);
    expect(first.rows.map(key).sort()).toEqual(expectedRows(sim.control.merchantSeed(tokens.accountId)!));
    expect(first.rows.some((row) => row.type === 'refund')).toBe(true);
    expect(first.rows.some((row) => row.type === 'payout')).toBe(true);
  });

  it('starts the next run a little before the last one ended, so a re-run brings only the overlap', async () => {
    expect(first.cursor).toEqual({
      since: Math.floor(NOW.getTime() / 1000) - STRIPE_RESCAN_OVERLAP_SECONDS,
      upper: null,
      startingAfter: null,
    });
    const again = await importAll(tokens, first.cursor);
    const seen = new Set(first.rows.map(key));
    for (const row of again.rows) {
      expect(seen.has(key(row))).toBe(true);
      expect(row.occurredAt.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - STRIPE_RESCAN_OVERLAP_SECONDS * 1000);
    }
  });

  it('resumes a run cut short from its saved cursor, with a fresh adapter, missing nothing', async () => {
    const firstPage = await adapter.fetchPage(tokens, null, WINDOW);
    expect(firstPage.done).toBe(false);
    const saved = JSON.parse(JSON.stringify(firstPage.cursor)) as SyncCursor;
    const rest = await importAll(tokens, saved, createStripeAdapter(endpoint, { retry: FAST_RETRY }));
    expect([...firstPage.transactions, ...rest.rows].map((row) => key(row as StripeRow)).sort()).toEqual(
      first.rows.map(key).sort(),
    );
  });

  it('retries injected 429s and 500s through to the same result', async () => {
    sim.control.injectFaults({ status: 429, count: 2, retryAfterSeconds: 0 });
    sim.control.injectFaults({ status: 500, count: 1 });
    const page = await adapter.fetchPage(tokens, null, WINDOW);
    expect(page.transactions.length).toBeGreaterThan(0);
    sim.control.injectFaults({ status: 500, count: 3 });
    const rest = await importAll(tokens, page.cursor);
    expect([...page.transactions, ...rest.rows].map((row) => key(row as StripeRow)).sort()).toEqual(
      first.rows.map(key).sort(),
    );
  });

  it('gives up as retryable, with the status, when Stripe keeps failing', async () => {
    sim.control.injectFaults({ status: 500, count: 4 });
    const error = await adapter.fetchPage(tokens, null, WINDOW).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ failure: 'retryable', status: 500 });
  });

  it("rejects a request Stripe refuses, with Stripe's message", async () => {
    const cursor = { since: 1_772_323_200, upper: 1_778_770_800, startingAfter: 'txn_doesnotexist' };
    const error = await adapter.fetchPage(tokens, cursor, WINDOW).catch((e) => e);
    expect(error).toMatchObject({ failure: 'rejected', status: 400, providerCode: 'resource_missing' });
    expect(error.message).toBe("No such balance transaction: 'txn_doesnotexist'");
  });
});

describe('Stripe adapter: disconnection', () => {
  it(
    'asks the owner to reconnect once the account has revoked Brade',
    async () => {
      const tokens = await connect('revoked@salon.example');
      sim.control.revokeToken(tokens.accessToken);
      const error = await adapter.fetchPage(tokens, null, WINDOW).catch((e) => e);
      expect(error).toMatchObject({ failure: 'reauthorize', status: 403, providerCode: 'account_invalid' });
    },
    SALON_GENERATION_MS,
  );

  it(
    'deauthorizes the account, and a second revoke of a dead connection is not an error',
    async () => {
      const tokens = await connect('leaving@salon.example');
      await adapter.fetchPage(tokens, null, { historyFrom: new Date('2026-05-13T00:00:00Z'), now: NOW });
      await adapter.revoke(tokens);
      await expect(adapter.fetchPage(tokens, null, WINDOW)).rejects.toMatchObject({ failure: 'reauthorize' });
      await expect(adapter.revoke(tokens)).resolves.toBeUndefined();
    },
    SALON_GENERATION_MS,
  );
});
