import { createHash, randomBytes } from 'node:crypto';
import { generateSalonData, square as squareSimulator } from '@brade/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_LIMITS } from '../../../../../../test-limits.js';
import type { SourceTeamMember } from '../../../ledger/classify.js';
import { answerSquareConsent } from '../../../test/square-consent-browser.js';
import type { ProviderEndpoint } from '../../provider-endpoint.js';
import { ProviderError } from '../../provider-error.js';
import type { CardProviderAdapter, CardProviderTokens, SyncCursor } from '../card-provider.js';
import { createSquareAdapter } from './square-adapter.js';
import { squareSdk } from './square-sdk.js';
import { SQUARE_RESCAN_OVERLAP_MS } from './square-sync-cursor.js';
import type { SquareRow } from './square-transform.js';

const NOW = new Date('2026-05-14T15:00:00Z');
const WINDOW = { historyFrom: new Date('2026-03-15T00:00:00Z'), now: NOW };
const REDIRECT_URI = 'http://127.0.0.1:5173/square-redirect';
const FAST_RETRY = { initialDelayMs: 1, maxDelayMs: 5 };
const DAY_MS = 86_400_000;
/** A first call for a new merchant makes the simulator generate that salon's 18 months: seconds on a busy machine. */
// Generating a salon's year in the simulator is the slow part; the unit project's ceiling (test-limits.ts) covers it.
const SALON_GENERATION_MS = TEST_LIMITS.unit.test;
/**
 * Most tests connect the same sandbox salon (each connection has its own tokens), so the simulator generates its
 * history once; only the test that revokes every token of a merchant uses a salon of its own.
 */
const SALON = 'owner@salon.example';

let sim: squareSimulator.RunningCardSimulator;
let endpoint: ProviderEndpoint;
let adapter: CardProviderAdapter;

beforeAll(async () => {
  sim = await squareSimulator.startSquareSimulator({
    seed: 'square-adapter-test',
    now: () => NOW,
    redirectUris: [REDIRECT_URI],
  });
  endpoint = { sandbox: true, ...sim.control.credentials, authBaseUrl: sim.url, apiBaseUrl: sim.url };
  adapter = createSquareAdapter(endpoint, { retry: FAST_RETRY });
  // The adapter loads the SDK on first use; loading it here keeps that second or two out of the first test.
  await squareSdk();
}, SALON_GENERATION_MS);
afterAll(() => sim.close());

/** A PKCE pair as the connect flow makes one: a random verifier and its S256 challenge. */
function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function consent(
  decision: 'approve' | 'deny',
  login = 'owner@salon.example',
  codeChallenge: string | null = null,
): Promise<URL> {
  const url = adapter.authorizationUrl({ state: 'state-1', redirectUri: REDIRECT_URI, codeChallenge });
  return answerSquareConsent(url, decision, login);
}

async function connect(login: string): Promise<CardProviderTokens> {
  const { verifier, challenge } = pkcePair();
  const redirect = await consent('approve', login, challenge);
  return adapter.exchangeCode({
    code: redirect.searchParams.get('code')!,
    redirectUri: REDIRECT_URI,
    codeVerifier: verifier,
  });
}

async function importAll(tokens: CardProviderTokens, cursor: SyncCursor | null, using = adapter) {
  const rows: SquareRow[] = [];
  let pages = 0;
  let team: SourceTeamMember[] | undefined;
  for (;;) {
    const page = await using.fetchPage(tokens, cursor, WINDOW);
    pages += 1;
    rows.push(...(page.transactions as SquareRow[]));
    team ??= page.team;
    cursor = page.cursor;
    if (page.done) return { rows, cursor, pages, team };
    if (pages > 500) throw new Error('the import never finished');
  }
}

const key = (row: SquareRow) =>
  [
    row.type,
    row.externalId,
    row.occurredAt.toISOString(),
    row.amountPence,
    row.customerId ?? '',
    row.cardFingerprint ?? '',
  ].join('|');
const keysOf = (rows: SquareRow[]) => rows.map(key).sort();

/** The merchant's records over the window from the generator itself (not from the simulator). */
function generated(seed: string) {
  const data = generateSalonData({ seed, from: '2026-03-01', to: '2026-05-14' });
  const mine = <T extends { processor: string; occurredAt: Date }>(records: T[]) =>
    records.filter((r) => r.processor === 'square' && r.occurredAt >= WINDOW.historyFrom && r.occurredAt < NOW);
  const rows: SquareRow[] = [];
  const base = { provider: 'square' as const, description: '' };
  for (const p of mine(data.payments)) {
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
  for (const r of mine(data.refunds))
    rows.push({ ...base, type: 'refund', externalId: r.id, occurredAt: r.occurredAt, amountPence: r.amountPence });
  // A gift voucher spent at the till: a payment row with no card and no fee, marked as a redemption.
  for (const v of mine(data.redemptions))
    rows.push({
      ...base,
      type: 'payment',
      externalId: v.id,
      occurredAt: v.occurredAt,
      amountPence: v.amountPence,
      customerId: null,
      cardFingerprint: null,
    });
  return {
    salesAndRefunds: keysOf(rows),
    payouts: mine(data.payouts),
    redemptions: mine(data.redemptions),
    payments: mine(data.payments),
    team: data.team,
  };
}

describe('Square adapter: authorisation', () => {
  it('sends the seller to Square for payments, payouts, locations, orders and the team, signed in afresh, with PKCE', () => {
    const url = new URL(adapter.authorizationUrl({ state: 'st-9', redirectUri: REDIRECT_URI, codeChallenge: 'ch-1' }));
    expect(`${url.origin}${url.pathname}`).toBe(`${sim.url}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: endpoint.clientId,
      scope: 'PAYMENTS_READ PAYOUTS_READ MERCHANT_PROFILE_READ ORDERS_READ EMPLOYEES_READ',
      session: 'false',
      state: 'st-9',
      redirect_uri: REDIRECT_URI,
      code_challenge: 'ch-1',
    });
    expect(url.search).toContain('scope=PAYMENTS_READ+PAYOUTS_READ+MERCHANT_PROFILE_READ+ORDERS_READ+EMPLOYEES_READ');
    expect(adapter.supportsPkce).toBe(true);
  });

  it('brings a denial back to the redirect URI as access_denied with the state', async () => {
    const redirect = await consent('deny');
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT_URI);
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'user_denied',
      state: 'state-1',
    });
  });

  it('exchanges a code once, with its verifier, for 30-day tokens; the same code again needs a new consent', async () => {
    const { verifier, challenge } = pkcePair();
    const redirect = await consent('approve', 'once@salon.example', challenge);
    expect(redirect.searchParams.get('state')).toBe('state-1');
    const code = redirect.searchParams.get('code')!;
    const tokens = await adapter.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier });
    expect(tokens.accountId).toMatch(/^ML/);
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt).toEqual(new Date(NOW.getTime() + 30 * DAY_MS));
    expect(adapter.refreshes).toBe(true);

    const again = await adapter
      .exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier })
      .catch((e) => e);
    expect(again).toBeInstanceOf(ProviderError);
    expect(again).toMatchObject({ failure: 'reauthorize', status: 401, providerCode: 'UNAUTHORIZED' });
    expect(again.message).toBe('Authorization code is already redeemed.');
  });

  it('refuses a code redeemed with another session’s verifier', async () => {
    const redirect = await consent('approve', 'stolen@salon.example', pkcePair().challenge);
    const error = await adapter
      .exchangeCode({
        code: redirect.searchParams.get('code')!,
        redirectUri: REDIRECT_URI,
        codeVerifier: pkcePair().verifier,
      })
      .catch((e) => e);
    expect(error).toMatchObject({ failure: 'reauthorize', status: 401, message: 'Invalid code_verifier.' });
  });

  it(
    'rotates both tokens on refresh; the spent refresh token no longer works',
    async () => {
      const tokens = await connect(SALON);
      sim.control.advanceClock(DAY_MS);
      const refreshed = await adapter.refresh(tokens).finally(() => sim.control.advanceClock(-DAY_MS));
      expect(refreshed.accessToken).not.toBe(tokens.accessToken);
      expect(refreshed.refreshToken).toBeTruthy();
      expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
      expect(refreshed.accountId).toBe(tokens.accountId);
      expect(refreshed.expiresAt).toEqual(new Date(NOW.getTime() + 31 * DAY_MS));
      await expect(adapter.fetchPage(refreshed, null, WINDOW)).resolves.toMatchObject({ done: false });
      await expect(adapter.refresh(tokens)).rejects.toMatchObject({ failure: 'reauthorize', status: 401 });
    },
    SALON_GENERATION_MS,
  );

  it('also works without PKCE (client secret), where the refresh token stays the same', async () => {
    const redirect = await consent('approve', 'codeflow@salon.example');
    const tokens = await adapter.exchangeCode({
      code: redirect.searchParams.get('code')!,
      redirectUri: REDIRECT_URI,
      codeVerifier: null,
    });
    const refreshed = await adapter.refresh(tokens);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
  });
});

describe('Square adapter: import', () => {
  let tokens: CardProviderTokens;
  let first: Awaited<ReturnType<typeof importAll>>;
  let expected: ReturnType<typeof generated>;

  beforeAll(async () => {
    tokens = await connect(SALON);
    first = await importAll(tokens, null);
    expected = generated(sim.control.merchantSeed(tokens.accountId)!);
  }, 3 * SALON_GENERATION_MS);

  it("imports exactly the merchant's sales, fees and refunds over the window, at both locations", () => {
    expect(keysOf(first.rows.filter((row) => row.type !== 'payout'))).toEqual(expected.salesAndRefunds);
    expect(first.pages).toBeGreaterThan(5);
    expect(first.rows.some((row) => row.type === 'refund')).toBe(true);
    const redeemed = first.rows.filter((row) => row.type === 'payment' && row.purpose === 'voucher_redemption');
    expect(redeemed.map((row) => row.externalId).sort()).toEqual(expected.redemptions.map((v) => v.id).sort());
    expect(redeemed.length).toBeGreaterThan(0);
  });

  it('reads what each payment paid for from its order, and who took it from the team directory', () => {
    const sales = first.rows.filter((row) => row.type === 'payment' && row.purpose !== 'voucher_redemption');
    const byId = new Map(expected.payments.map((p) => [p.id, p]));
    for (const row of sales) {
      const truth = byId.get(row.externalId)!;
      // The generator's own lines; one keyed as an amount is one line without a name.
      const lines = truth.items
        ? truth.items.map((i) => ({
            name: i.name,
            variation: i.variation,
            quantity: i.quantity,
            amountPence: i.amountPence,
          }))
        : [{ name: null, variation: null, quantity: 1, amountPence: truth.amountPence }];
      expect(row.items, row.externalId).toEqual(lines);
    }
    expect(sales.filter((row) => row.items?.[0]?.name === null).length).toBeGreaterThan(0);
    const team = first.team ?? [];
    const names = new Map(team.map((m) => [m.id, m.name]));
    const staff = new Map(expected.team.map((m) => [m.index, `${m.givenName} ${m.familyName}`]));
    for (const row of sales) {
      expect(names.get(row.teamMemberId!), row.externalId).toBe(staff.get(byId.get(row.externalId)!.staffIndex!));
    }
    expect(team).toHaveLength(expected.team.length);
  });

  it('imports what it may from a seller connected before Brade asked for orders and the team', async () => {
    const narrow = createSquareAdapter(endpoint, { retry: FAST_RETRY });
    const url = new URL(narrow.authorizationUrl({ state: 's', redirectUri: REDIRECT_URI, codeChallenge: null }));
    url.searchParams.set('scope', 'PAYMENTS_READ PAYOUTS_READ MERCHANT_PROFILE_READ');
    const redirect = await answerSquareConsent(url.toString(), 'approve', SALON);
    const old = await narrow.exchangeCode({
      code: redirect.searchParams.get('code')!,
      redirectUri: REDIRECT_URI,
      codeVerifier: null,
    });
    const page = await narrow.fetchPage(old, null, WINDOW);
    expect(page.team).toBeUndefined();
    const sales = (page.transactions as SquareRow[]).filter(
      (row) => row.type === 'payment' && row.purpose !== 'voucher_redemption',
    );
    expect(sales.length).toBeGreaterThan(0);
    // Nothing said about items, so lines stored before stay; the payment still names who took it.
    for (const row of sales) expect(row).not.toHaveProperty('items');
    expect(sales.every((row) => row.teamMemberId)).toBe(true);
  });

  it("imports every payout, each location's part separately, adding up to what the salon was paid", () => {
    const payouts = first.rows.filter((row) => row.type === 'payout');
    const ids = new Set(payouts.map((row) => row.externalId));
    for (const payout of expected.payouts) expect(ids.has(payout.id)).toBe(true);
    expect(payouts.length).toBeGreaterThan(expected.payouts.length);
    const total = (amounts: number[]) => amounts.reduce((sum, amount) => sum + amount, 0);
    expect(total(payouts.map((row) => row.amountPence))).toBe(
      total(expected.payouts.map((payout) => payout.amountPence)),
    );
  });

  it('starts the next run a day before the last one ended, so a re-run brings only the overlap', async () => {
    expect(first.cursor).toEqual({
      since: new Date(NOW.getTime() - SQUARE_RESCAN_OVERLAP_MS).toISOString(),
      upper: null,
      locations: null,
      step: 0,
      page: null,
    });
    const again = await importAll(tokens, first.cursor);
    expect(again.rows.length).toBeGreaterThan(0);
    const seen = new Set(first.rows.map(key));
    for (const row of again.rows) {
      expect(seen.has(key(row))).toBe(true);
      expect(row.occurredAt.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - SQUARE_RESCAN_OVERLAP_MS);
    }
  });

  it('resumes a run cut short from its saved cursor, with a fresh adapter, missing nothing', async () => {
    const firstPage = await adapter.fetchPage(tokens, null, WINDOW);
    expect(firstPage.done).toBe(false);
    expect(firstPage.cursor.page).toEqual(expect.any(String));
    const saved = JSON.parse(JSON.stringify(firstPage.cursor)) as SyncCursor;
    const rest = await importAll(tokens, saved, createSquareAdapter(endpoint, { retry: FAST_RETRY }));
    expect(keysOf([...(firstPage.transactions as SquareRow[]), ...rest.rows])).toEqual(keysOf(first.rows));
  });

  it('retries injected 429s and 500s through to the same result', async () => {
    sim.control.injectFaults({ status: 429, count: 2, retryAfterSeconds: 0 });
    sim.control.injectFaults({ status: 500, count: 1 });
    const page = await adapter.fetchPage(tokens, null, WINDOW);
    sim.control.injectFaults({ status: 500, count: 3, pathPrefix: '/v2/refunds' });
    sim.control.injectFaults({ status: 429, count: 3, retryAfterSeconds: 0, pathPrefix: '/v2/payouts' });
    const rest = await importAll(tokens, page.cursor);
    expect(keysOf([...(page.transactions as SquareRow[]), ...rest.rows])).toEqual(keysOf(first.rows));
  });

  it('gives up as retryable, with the status, when Square keeps failing', async () => {
    sim.control.injectFaults({ status: 500, count: 4 });
    const error = await adapter.fetchPage(tokens, null, WINDOW).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ failure: 'retryable', status: 500, providerCode: 'INTERNAL_SERVER_ERROR' });
  });

  it("rejects a request Square refuses, with Square's own words", async () => {
    const page = await adapter.fetchPage(tokens, null, WINDOW);
    const error = await adapter.fetchPage(tokens, { ...page.cursor, page: 'not-a-cursor' }, WINDOW).catch((e) => e);
    expect(error).toMatchObject({ failure: 'rejected', status: 400, providerCode: 'INVALID_CURSOR' });
    expect(error.message).toBe('The provided cursor is invalid.');
  });
});

describe('Square adapter: expiry and disconnection', () => {
  it(
    'tells an expired access token apart, and a refresh brings the import back',
    async () => {
      const tokens = await connect(SALON);
      sim.control.expireToken(tokens.accessToken);
      const error = await adapter.fetchPage(tokens, null, WINDOW).catch((e) => e);
      expect(error).toMatchObject({ failure: 'reauthorize', status: 401, providerCode: 'ACCESS_TOKEN_EXPIRED' });
      const refreshed = await adapter.refresh(tokens);
      await expect(adapter.fetchPage(refreshed, null, WINDOW)).resolves.toMatchObject({ done: false });
    },
    SALON_GENERATION_MS,
  );

  it(
    'asks the seller to reconnect once the token is revoked',
    async () => {
      const tokens = await connect(SALON);
      sim.control.revokeToken(tokens.accessToken);
      const error = await adapter.fetchPage(tokens, null, WINDOW).catch((e) => e);
      expect(error).toMatchObject({ failure: 'reauthorize', status: 401, providerCode: 'ACCESS_TOKEN_REVOKED' });
      expect(error.message).toBe('The access token has been revoked.');
    },
    SALON_GENERATION_MS,
  );

  it(
    "revokes the merchant's tokens, refresh included; revoking a dead connection again is not an error",
    async () => {
      const tokens = await connect('leaving@salon.example');
      await adapter.revoke(tokens);
      await expect(adapter.fetchPage(tokens, null, WINDOW)).rejects.toMatchObject({ failure: 'reauthorize' });
      await expect(adapter.refresh(tokens)).rejects.toMatchObject({ failure: 'reauthorize', status: 401 });
      await expect(adapter.revoke(tokens)).resolves.toBeUndefined();
    },
    SALON_GENERATION_MS,
  );
});
