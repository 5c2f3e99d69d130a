import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSalonData } from '../../salon-data/generate';
import { londonDateOf } from '../../salon-data/london-time';
import { submitConsent } from '../common/consent-form-reader';
import { readJson } from '../common/loose-json';
import { addDays, HISTORY_DAYS } from '../common/salon-data-window';
import type { RunningSimulator } from '../common/simulator-harness-types';
import { startSumupSimulator } from './index';

const SEED = 'sumup-test-salon';
const NOW = new Date('2026-06-15T17:30:00Z');
const REDIRECT = 'http://127.0.0.1:5999/sumup-redirect';
const CLIENT = { client_id: 'brade-test', client_secret: 'shh' };

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSumupSimulator({ seed: SEED, now: () => NOW, redirectUris: [REDIRECT] });
});
afterAll(() => sim.close());

async function consentPage(state = 'state-123', scope = 'transactions.history user.profile_readonly') {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT.client_id,
    redirect_uri: REDIRECT,
    scope,
    state,
  });
  return fetch(`${sim.url}/authorize?${params}`, { redirect: 'manual' });
}

async function authorizationCode(): Promise<string> {
  const redirect = await submitConsent(await (await consentPage()).text(), 'approve');
  return redirect.searchParams.get('code') ?? '';
}

function token(fields: Record<string, string>) {
  return fetch(`${sim.url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...CLIENT, ...fields }).toString(),
  });
}

async function accessToken(): Promise<{ access_token: string; refresh_token: string; expires_in: number }> {
  const response = await token({
    grant_type: 'authorization_code',
    code: await authorizationCode(),
    redirect_uri: REDIRECT,
  });
  expect(response.status).toBe(200);
  return readJson(response);
}

const get = (path: string, bearer: string) =>
  fetch(`${sim.url}${path}`, { headers: { authorization: `Bearer ${bearer}` } });

describe('SumUp OAuth', () => {
  it('serves a script-free consent page and redirects Approve back with code, state and merchant_code', async () => {
    const page = await consentPage();
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Approve');
    expect(html).not.toContain('<script');
    const redirect = await submitConsent(html, 'approve');
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT);
    expect(redirect.searchParams.get('state')).toBe('state-123');
    expect(redirect.searchParams.get('code')).toMatch(/.{20,}/);
    expect(redirect.searchParams.get('merchant_code')).toMatch(/^M[A-Z0-9]{7}$/);
  });

  it('redirects Deny with error=access_denied and the state', async () => {
    const redirect = await submitConsent(await (await consentPage('s-deny')).text(), 'deny');
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('state')).toBe('s-deny');
    expect(redirect.searchParams.get('code')).toBeNull();
  });

  it('refuses requests without the transactions.history scope or without state', async () => {
    const noScope = await consentPage('s', 'payments');
    expect(noScope.status).toBe(302);
    expect(new URL(noScope.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_scope');
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: 'x',
      redirect_uri: REDIRECT,
      scope: 'transactions.history',
    });
    expect((await fetch(`${sim.url}/authorize?${params}`)).status).toBe(400);
  });

  it('exchanges a code once (JSON body works too) and rejects its reuse', async () => {
    const code = await authorizationCode();
    const first = await fetch(`${sim.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...CLIENT, grant_type: 'authorization_code', code, redirect_uri: REDIRECT }),
    });
    const tokens = await readJson(first);
    expect(tokens).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: expect.stringContaining('transactions.history'),
    });
    const again = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
    expect(again.status).toBe(400);
    expect(await readJson(again)).toMatchObject({ error: 'invalid_grant' });
    // Replaying a code revokes what it issued.
    expect((await get('/v0.1/me', tokens.access_token)).status).toBe(401);
  });

  it('rejects an expired code and a mismatched redirect_uri', async () => {
    const code = await authorizationCode();
    sim.control.advanceClock(6 * 60_000);
    try {
      const expired = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
      expect(expired.status).toBe(400);
      expect((await readJson(expired)).error_description).toMatch(/expired/);
    } finally {
      sim.control.advanceClock(-6 * 60_000);
    }
    const wrong = await token({
      grant_type: 'authorization_code',
      code: await authorizationCode(),
      redirect_uri: `${REDIRECT}x`,
    });
    expect(wrong.status).toBe(400);
  });

  it('answers 401 once the access token expires, and refresh issues a working, rotated pair', async () => {
    const tokens = await accessToken();
    expect((await get('/v0.1/me', tokens.access_token)).status).toBe(200);
    sim.control.advanceClock(3601_000);
    try {
      const expired = await get('/v0.1/me', tokens.access_token);
      expect(expired.status).toBe(401);
      expect(await readJson(expired)).toMatchObject({ status: 401, title: 'Unauthorized' });
      const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
      expect(refreshed.status).toBe(200);
      const fresh = await readJson(refreshed);
      expect(fresh.refresh_token).not.toBe(tokens.refresh_token);
      expect((await get('/v0.1/me', fresh.access_token)).status).toBe(200);
      const reused = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
      expect(reused.status).toBe(400);
    } finally {
      sim.control.advanceClock(-3601_000);
    }
  });
});

describe('SumUp transaction history', () => {
  it('finds the merchant code through memberships', async () => {
    const { access_token } = await accessToken();
    const body = await readJson(get('/v0.1/memberships', access_token));
    expect(body.items[0].resource).toMatchObject({ type: 'merchant', id: expect.stringMatching(/^M/) });
  });

  it('walks every record exactly once through links and totals match the generator', { timeout: 30_000 }, async () => {
    const { access_token } = await accessToken();
    const memberships = await readJson(get('/v0.1/memberships', access_token));
    const merchantCode: string = memberships.items[0].resource.id;
    const seen = new Set<string>();
    const totals = { PAYMENT: 0, REFUND: 0 };
    let query = 'limit=100&order=ascending';
    let pages = 0;
    while (query) {
      const response = await get(`/v2.1/merchants/${merchantCode}/transactions/history?${query}`, access_token);
      expect(response.status).toBe(200);
      const page = await readJson(response);
      for (const item of page.items) {
        expect(seen.has(item.id)).toBe(false);
        seen.add(item.id);
        totals[item.type as 'PAYMENT' | 'REFUND'] += Math.round(item.amount * 100);
        expect(item.currency).toBe('GBP');
      }
      const next = page.links.find((l: { rel: string }) => l.rel === 'next');
      query = next?.href ?? '';
      pages++;
    }
    const today = londonDateOf(NOW);
    const data = generateSalonData({ seed: SEED, from: addDays(today, -HISTORY_DAYS), to: today });
    const payments = data.payments.filter((p) => p.processor === 'sumup' && p.occurredAt <= NOW);
    const refunds = data.refunds.filter((r) => r.processor === 'sumup' && r.occurredAt <= NOW);
    expect(pages).toBeGreaterThan(2);
    expect(seen.size).toBe(payments.length + refunds.length);
    expect(totals.PAYMENT).toBe(payments.reduce((s, p) => s + p.amountPence, 0));
    expect(totals.REFUND).toBe(refunds.reduce((s, r) => s + r.amountPence, 0));
  });

  it('pages backwards with order=descending and filters by statuses[] and time', async () => {
    const { access_token } = await accessToken();
    const code = (await readJson(get('/v0.1/me', access_token))).merchant_profile.merchant_code;
    const base = `/v2.1/merchants/${code}/transactions/history`;
    const first = await readJson(get(`${base}?limit=3&order=descending`, access_token));
    expect(first.links[0].href).toContain('newest_ref=');
    const second = await readJson(get(`${base}?${first.links[0].href}`, access_token));
    expect(second.items[0].timestamp <= first.items[2].timestamp).toBe(true);
    const refunded = await readJson(get(`${base}?statuses[]=REFUNDED&limit=1000`, access_token));
    expect(refunded.items.every((i: { status: string }) => i.status === 'REFUNDED')).toBe(true);
    const oldest = '2026-06-01T00:00:00Z';
    const recent = await readJson(get(`${base}?oldest_time=${oldest}&limit=1000`, access_token));
    expect(recent.items.every((i: { timestamp: string }) => i.timestamp >= oldest)).toBe(true);
  });

  it('shows the fee on the detail endpoint and rejects unknown merchants and bad tokens', async () => {
    const { access_token } = await accessToken();
    const code = (await readJson(get('/v0.1/me', access_token))).merchant_profile.merchant_code;
    const page = await readJson(
      get(`/v2.1/merchants/${code}/transactions/history?limit=1&types[]=PAYMENT`, access_token),
    );
    const detail = await readJson(get(`/v2.1/merchants/${code}/transactions?id=${page.items[0].id}`, access_token));
    expect(detail.fee_amount).toBeGreaterThan(0);
    expect(detail.card.last_4_digits).toMatch(/^\d{4}$/);
    const other = await get('/v2.1/merchants/MNOTMINE/transactions/history', access_token);
    expect(other.status).toBe(404);
    expect(await readJson(other)).toMatchObject({ error_code: 'NOT_FOUND' });
    expect((await get(`/v2.1/merchants/${code}/transactions/history`, 'nope')).status).toBe(401);
  });

  it('lists payouts itemised per sale and refund for a date range, matching the generator', async () => {
    const { access_token } = await accessToken();
    const code = (await readJson(get('/v0.1/me', access_token))).merchant_profile.merchant_code;
    const response = await get(
      `/v1.0/merchants/${code}/payouts?start_date=2026-05-01&end_date=2026-05-31`,
      access_token,
    );
    expect(response.status).toBe(200);
    const payouts = await readJson(response);
    const expected = generateSalonData({ seed: SEED, from: '2026-05-01', to: '2026-05-31' }).payouts.filter(
      (p) => p.processor === 'sumup',
    );
    type Item = { id: number; amount: number; fee: number; type: string; transaction_code: string };
    // One record per sale (PAYOUT, net of its fee) and per refund (REFUND_DEDUCTION), sharing the payout's id.
    expect(new Set(payouts.map((p: Item) => String(p.id)))).toEqual(new Set(expected.map((p) => p.id)));
    const pence = (p: Item) => Math.round(p.amount * 100) * (p.type === 'PAYOUT' ? 1 : -1);
    for (const payout of expected) {
      const items: Item[] = payouts.filter((p: Item) => String(p.id) === payout.id);
      expect(items.reduce((s, p) => s + pence(p), 0)).toBe(payout.amountPence);
    }
    expect(payouts.every((p: Item) => p.transaction_code && (p.type === 'REFUND_DEDUCTION' || p.fee > 0))).toBe(true);
    expect((await get(`/v1.0/merchants/${code}/payouts`, access_token)).status).toBe(400);
  });

  it('injects 429 with Retry-After and 500s on demand', async () => {
    const { access_token } = await accessToken();
    sim.control.injectFaults({ status: 429, count: 1, retryAfterSeconds: 7 });
    const limited = await get('/v0.1/me', access_token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    sim.control.injectFaults({ status: 500 });
    expect((await get('/v0.1/me', access_token)).status).toBe(500);
    expect((await get('/v0.1/me', access_token)).status).toBe(200);
  });
});

describe('SumUp token endpoint errors', () => {
  it('answers malformed and unauthenticated requests in the OAuth error shape', async () => {
    const malformed = await fetch(`${sim.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(malformed.status).toBe(400);
    expect(await readJson(malformed)).toMatchObject({ error: 'invalid_request' });
    const anonymous = await fetch(`${sim.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&code=x',
    });
    expect(anonymous.status).toBe(401);
    expect(await readJson(anonymous)).toMatchObject({ error: 'invalid_client' });
    const unsupported = await token({ grant_type: 'client_credentials' });
    expect(await readJson(unsupported)).toMatchObject({ error: 'unsupported_grant_type' });
  });
});
