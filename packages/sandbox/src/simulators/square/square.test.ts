import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSalonData } from '../../salon-data/index';
import { MerchantDataCache } from '../common/card-sim-merchant-data';
import type { RunningCardSimulator } from '../common/card-sim-types';
import { startSquareSimulator } from './square-simulator';

const NOW = new Date('2026-05-14T15:00:00Z');
const REDIRECT = 'http://127.0.0.1:5173/square-redirect';
const SCOPE = 'PAYMENTS_READ PAYOUTS_READ MERCHANT_PROFILE_READ';
let sim: RunningCardSimulator;

beforeAll(async () => {
  sim = await startSquareSimulator({ seed: 'square-test', now: () => NOW, redirectUris: [REDIRECT] });
});
afterAll(() => sim.close());

async function consent(decision: 'approve' | 'deny', extra: Record<string, string> = {}): Promise<URL> {
  const query = new URLSearchParams({
    client_id: sim.control.credentials.clientId,
    scope: SCOPE,
    state: 'st-1',
    redirect_uri: REDIRECT,
    ...extra,
  });
  const page = await fetch(`${sim.url}/oauth2/authorize?${query}`);
  expect(page.status).toBe(200);
  const requestId = /name="request_id" value="([^"]+)"/.exec(await page.text())![1]!;
  const answer = await fetch(`${sim.url}/oauth2/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request_id: requestId, decision, login: 'owner@salon.example' }),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}

const token = (body: Record<string, unknown>) =>
  fetch(`${sim.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'square-version': '2026-05-20' },
    body: JSON.stringify({ client_id: sim.control.credentials.clientId, ...body }),
  });

async function connect(): Promise<{
  access_token: string;
  merchant_id: string;
  refresh_token: string;
  expires_at: string;
}> {
  const location = await consent('approve');
  const response = await token({
    client_secret: sim.control.credentials.clientSecret,
    code: location.searchParams.get('code'),
    grant_type: 'authorization_code',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    access_token: string;
    merchant_id: string;
    refresh_token: string;
    expires_at: string;
  };
}

const get = (path: string, accessToken: string) =>
  fetch(`${sim.url}${path}`, { headers: { authorization: `Bearer ${accessToken}`, 'square-version': '2026-05-20' } });

interface Money {
  amount: number;
  currency: string;
}
interface Payment {
  id: string;
  created_at: string;
  amount_money: Money;
  /** Absent on a tender Square did not process (a gift voucher spent at the till). */
  processing_fee?: { amount_money: Money }[];
  location_id: string;
  status: string;
  source_type: 'CARD' | 'EXTERNAL';
  external_details?: { type: string; source: string };
}

async function walk<T>(path: string, key: string, accessToken: string, params: Record<string, string>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({ ...params, ...(cursor ? { cursor } : {}) });
    const response = await get(`${path}?${query}`, accessToken);
    expect(response.status).toBe(200);
    const page = (await response.json()) as Record<string, unknown>;
    items.push(...((page[key] as T[] | undefined) ?? []));
    cursor = page.cursor as string | undefined;
  } while (cursor);
  return items;
}

describe('Square OAuth', () => {
  it('approves with code and state, exchanges once, returns a 30-day token', async () => {
    const location = await consent('approve');
    expect(location.searchParams.get('state')).toBe('st-1');
    const code = location.searchParams.get('code')!;
    const first = await token({
      client_secret: sim.control.credentials.clientSecret,
      code,
      grant_type: 'authorization_code',
    });
    const body = (await first.json()) as Record<string, string>;
    expect(body).toMatchObject({ token_type: 'bearer' });
    expect(Date.parse(body.expires_at!) - NOW.getTime()).toBe(30 * 86_400_000);
    const again = await token({
      client_secret: sim.control.credentials.clientSecret,
      code,
      grant_type: 'authorization_code',
    });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('UNAUTHORIZED');
  });

  it('redirects a denial with access_denied', async () => {
    const location = await consent('deny');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_description')).toBe('user_denied');
    expect(location.searchParams.get('state')).toBe('st-1');
  });

  it('refuses a wrong secret, an expired code and a bad PKCE verifier', async () => {
    const location = await consent('approve');
    const wrong = await token({
      client_secret: 'nope',
      code: location.searchParams.get('code'),
      grant_type: 'authorization_code',
    });
    expect(wrong.status).toBe(401);
    sim.control.advanceClock(6 * 60_000);
    const expired = await token({
      client_secret: sim.control.credentials.clientSecret,
      code: location.searchParams.get('code'),
      grant_type: 'authorization_code',
    });
    sim.control.advanceClock(-6 * 60_000);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { errors: { detail: string }[] }).errors[0]!.detail).toMatch(/expired/);

    const verifier = 'v'.repeat(64);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const pkce = await consent('approve', { code_challenge: challenge });
    expect(
      (
        await token({
          code: pkce.searchParams.get('code'),
          grant_type: 'authorization_code',
          code_verifier: 'x'.repeat(64),
        })
      ).status,
    ).toBe(401);
    const pkce2 = await consent('approve', { code_challenge: challenge });
    expect(
      (await token({ code: pkce2.searchParams.get('code'), grant_type: 'authorization_code', code_verifier: verifier }))
        .status,
    ).toBe(200);
  });

  it('answers ACCESS_TOKEN_REVOKED and ACCESS_TOKEN_EXPIRED', async () => {
    const expiring = await connect();
    sim.control.expireToken(expiring.access_token);
    const expired = await get('/v2/payments', expiring.access_token);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('ACCESS_TOKEN_EXPIRED');

    const revoking = await connect();
    const revoke = await fetch(`${sim.url}/oauth2/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Client ${sim.control.credentials.clientSecret}` },
      body: JSON.stringify({ client_id: sim.control.credentials.clientId, access_token: revoking.access_token }),
    });
    expect(await revoke.json()).toEqual({ success: true });
    const revoked = await get('/v2/payments', revoking.access_token);
    expect(revoked.status).toBe(401);
    expect(((await revoked.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('ACCESS_TOKEN_REVOKED');
    expect((await get('/v2/payments', 'EAAAlnope')).status).toBe(401);
  });
});

describe('Square data', { timeout: 30_000 }, () => {
  it('has two GBP locations and walks every payment of both exactly once with the generator totals', async () => {
    const connection = await connect();
    const { locations } = (await (await get('/v2/locations', connection.access_token)).json()) as {
      locations: { id: string; currency: string }[];
    };
    expect(locations).toHaveLength(2);
    expect(locations.every((location) => location.currency === 'GBP')).toBe(true);

    const begin = '2026-01-01T00:00:00Z';
    const end = '2026-04-01T00:00:00Z';
    const all: Payment[] = [];
    for (const location of locations) {
      const payments = await walk<Payment>('/v2/payments', 'payments', connection.access_token, {
        begin_time: begin,
        end_time: end,
        location_id: location.id,
        limit: '100',
      });
      expect(payments.length).toBeGreaterThan(100);
      expect(payments.every((payment) => payment.location_id === location.id && payment.status === 'COMPLETED')).toBe(
        true,
      );
      all.push(...payments);
    }
    expect(new Set(all.map((payment) => payment.id)).size).toBe(all.length);
    for (const payment of all) {
      expect(payment.created_at >= begin && payment.created_at < end).toBe(true);
      expect(payment.amount_money.currency).toBe('GBP');
    }

    const { from, to } = MerchantDataCache.windowAt(NOW);
    const truth = generateSalonData({ seed: sim.control.merchantSeed(connection.merchant_id)!, from, to });
    const inWindow = (record: { occurredAt: Date }) =>
      record.occurredAt >= new Date(begin) && record.occurredAt < new Date(end);
    const generated = truth.payments.filter((payment) => payment.processor === 'square' && inWindow(payment));
    const vouchers = truth.redemptions.filter(inWindow);
    expect(vouchers.length).toBeGreaterThan(0);
    // Card payments as the generator made them; gift vouchers spent at the till as external tenders, with no fee.
    const cards = all.filter((payment) => payment.source_type === 'CARD');
    const tenders = all.filter((payment) => payment.source_type === 'EXTERNAL');
    expect(cards.length + tenders.length).toBe(all.length);
    expect(cards.map((payment) => payment.id).sort()).toEqual(generated.map((payment) => payment.id).sort());
    expect(cards.reduce((sum, payment) => sum + payment.amount_money.amount, 0)).toBe(
      generated.reduce((sum, payment) => sum + payment.amountPence, 0),
    );
    expect(cards.reduce((sum, payment) => sum + payment.processing_fee![0]!.amount_money.amount, 0)).toBe(
      generated.reduce((sum, payment) => sum + payment.feePence, 0),
    );
    expect(tenders.map((payment) => [payment.id, payment.amount_money.amount]).sort()).toEqual(
      vouchers.map((voucher) => [voucher.id, voucher.amountPence]).sort(),
    );
    for (const tender of tenders) {
      expect(tender.external_details).toEqual({ type: 'OTHER_GIFT_CARD', source: 'Salon gift voucher' });
      expect(tender.processing_fee).toBeUndefined();
    }

    // Without location_id, only the main location (Square's documented behaviour).
    const defaultOnly = await walk<Payment>('/v2/payments', 'payments', connection.access_token, {
      begin_time: begin,
      end_time: end,
    });
    expect(new Set(defaultOnly.map((payment) => payment.location_id))).toEqual(new Set([locations[0]!.id]));
  });

  it('splits payouts between locations with the generator total, all PAID', async () => {
    const connection = await connect();
    const { locations } = (await (await get('/v2/locations', connection.access_token)).json()) as {
      locations: { id: string }[];
    };
    const begin = '2026-02-01T00:00:00Z';
    const end = '2026-03-01T00:00:00Z';
    let total = 0;
    for (const location of locations) {
      const payouts = await walk<{ amount_money: Money; status: string; arrival_date: string }>(
        '/v2/payouts',
        'payouts',
        connection.access_token,
        { begin_time: begin, end_time: end, location_id: location.id },
      );
      expect(payouts.length).toBeGreaterThan(0);
      expect(
        payouts.every((payout) => payout.status === 'PAID' && /^\d{4}-\d{2}-\d{2}$/.test(payout.arrival_date)),
      ).toBe(true);
      total += payouts.reduce((sum, payout) => sum + payout.amount_money.amount, 0);
    }
    const { from, to } = MerchantDataCache.windowAt(NOW);
    const generated = generateSalonData({
      seed: sim.control.merchantSeed(connection.merchant_id)!,
      from,
      to,
    }).payouts.filter(
      (payout) =>
        payout.processor === 'square' && payout.occurredAt >= new Date(begin) && payout.occurredAt < new Date(end),
    );
    expect(total).toBe(generated.reduce((sum, payout) => sum + payout.amountPence, 0));
  });

  it('sorts ASC on request, refuses bad input, and injects a 429 with Retry-After', async () => {
    const connection = await connect();
    const response = await get(
      '/v2/payments?sort_order=ASC&limit=5&begin_time=2026-01-01T00:00:00Z',
      connection.access_token,
    );
    const { payments } = (await response.json()) as { payments: Payment[] };
    expect(payments.map((payment) => payment.created_at)).toEqual(
      [...payments.map((payment) => payment.created_at)].sort(),
    );
    expect((await get('/v2/payments?cursor=garbage', connection.access_token)).status).toBe(400);
    expect((await get('/v2/payments?begin_time=yesterday', connection.access_token)).status).toBe(400);
    sim.control.injectFaults({ status: 429, retryAfterSeconds: 3 });
    const limited = await get('/v2/payments', connection.access_token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(((await limited.json()) as { errors: { category: string; code: string }[] }).errors[0]).toMatchObject({
      category: 'RATE_LIMIT_ERROR',
      code: 'RATE_LIMITED',
    });
    expect((await get('/v2/payments', connection.access_token)).status).toBe(200);
  });
});
