import { addDays } from '@brade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSalonData } from '../../salon-data/index';
import { connect, REDIRECT_URI, type StripeConnection, stripeGet } from '../../test/stripe-test-helpers';
import { MerchantDataCache } from '../common/card-sim-merchant-data';
import type { RunningCardSimulator } from '../common/card-sim-types';
import { stripePayoutCreatedAt } from './stripe-objects';
import { startStripeSimulator } from './stripe-simulator';

const NOW = new Date('2026-05-14T15:00:00Z');
let sim: RunningCardSimulator;
let connection: StripeConnection;

interface Item {
  id: string;
  created: number;
  amount: number;
  fee?: number;
  net?: number;
  type?: string;
  source?: string;
}
interface List {
  data: Item[];
  has_more: boolean;
}

beforeAll(async () => {
  sim = await startStripeSimulator({ seed: 'lists-test', now: () => NOW, redirectUris: [REDIRECT_URI] });
  connection = await connect(sim);
});
afterAll(() => sim.close());

/** The generator's Stripe records for this merchant, up to the simulator's now. */
function expected() {
  const { from, to } = MerchantDataCache.windowAt(NOW);
  // A week past today: a payout created today arrives days later.
  const seed = sim.control.merchantSeed(connection.stripe_user_id)!;
  const data = generateSalonData({ seed, from, to: addDays(to, 7) });
  const visible = <T extends { processor: string; occurredAt: Date }>(records: T[]) =>
    records.filter((record) => record.processor === 'stripe' && record.occurredAt <= NOW);
  // Stripe shows a payout from its creation, before it arrives.
  const payouts = data.payouts
    .filter((p) => p.processor === 'stripe' && stripePayoutCreatedAt(p) <= NOW)
    .map((p) => ({ ...p, createdAt: stripePayoutCreatedAt(p) }));
  return { payments: visible(data.payments), refunds: visible(data.refunds), payouts };
}

async function walk(path: string, query: Record<string, string> = {}): Promise<Item[]> {
  const items: Item[] = [];
  let after: string | undefined;
  for (;;) {
    const params = new URLSearchParams({ limit: '100', ...query, ...(after ? { starting_after: after } : {}) });
    const response = await stripeGet(sim, `${path}?${params}`, connection.access_token);
    expect(response.status).toBe(200);
    const page = (await response.json()) as List;
    items.push(...page.data);
    if (!page.has_more) return items;
    after = page.data.at(-1)!.id;
  }
}

// Walking ~2,000 charges over HTTP and regenerating the data to compare takes a few seconds.
describe('Stripe lists', { timeout: 30_000 }, () => {
  it('walks every charge, refund and payout exactly once, with the generator totals', async () => {
    const want = expected();
    expect(want.payments.length).toBeGreaterThan(500);
    const charges = await walk('/v1/charges');
    expect(new Set(charges.map((charge) => charge.id)).size).toBe(charges.length);
    expect(charges.map((charge) => charge.id).sort()).toEqual(want.payments.map((payment) => payment.id).sort());
    expect(charges.reduce((sum, charge) => sum + charge.amount, 0)).toBe(
      want.payments.reduce((sum, payment) => sum + payment.amountPence, 0),
    );
    const refunds = await walk('/v1/refunds');
    expect(refunds.reduce((sum, refund) => sum + refund.amount, 0)).toBe(
      want.refunds.reduce((sum, refund) => sum + refund.amountPence, 0),
    );
    const payouts = await walk('/v1/payouts');
    expect(payouts.map((payout) => payout.id).sort()).toEqual(want.payouts.map((payout) => payout.id).sort());
    // Newest first, as Stripe sorts.
    expect(charges.map((charge) => charge.created)).toEqual(
      [...charges.map((charge) => charge.created)].sort((a, b) => b - a),
    );
  });

  it('filters by created and keeps fee and net consistent on balance transactions', async () => {
    const gte = Math.floor(Date.parse('2026-03-01T00:00:00Z') / 1000);
    const lt = Math.floor(Date.parse('2026-04-01T00:00:00Z') / 1000);
    const rows = await walk('/v1/balance_transactions', { 'created[gte]': String(gte), 'created[lt]': String(lt) });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.created).toBeGreaterThanOrEqual(gte);
      expect(row.created).toBeLessThan(lt);
      expect(row.net).toBe(row.amount - row.fee!);
    }
    const inMarch = (date: Date) => date.getTime() >= gte * 1000 && date.getTime() < lt * 1000;
    const want = expected();
    const charges = rows.filter((row) => row.type === 'charge');
    const marchPayments = want.payments.filter((payment) => inMarch(payment.occurredAt));
    expect(charges.length).toBe(marchPayments.length);
    expect(charges.reduce((sum, row) => sum + row.fee!, 0)).toBe(
      marchPayments.reduce((sum, payment) => sum + payment.feePence, 0),
    );
    expect(rows.filter((row) => row.type === 'payout').length).toBe(
      want.payouts.filter((payout) => inMarch(payout.createdAt)).length,
    );
  });

  it('serves a page expanded only when asked, as JSON, whatever was asked before', async () => {
    const page = async (query: string) => {
      const response = await stripeGet(sim, `/v1/balance_transactions?limit=3${query}`, connection.access_token);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      return (await response.json()) as { object: string; url: string; has_more: boolean; data: unknown[] };
    };
    const plain = await page('');
    const expanded = await page('&expand[]=data.source');
    // Asked again in the other order: each answer keeps its own form.
    expect(await page('')).toEqual(plain);
    expect(await page('&expand[]=data.source')).toEqual(expanded);
    expect(plain).toMatchObject({ object: 'list', url: '/v1/balance_transactions', has_more: true });
    const sources = (list: typeof plain) => list.data.map((item) => (item as { source: unknown }).source);
    for (const source of sources(plain)) expect(typeof source).toBe('string');
    expect(sources(expanded).map((source) => (source as { id: string }).id)).toEqual(sources(plain));
    expect(expanded.data.map((item) => ({ ...(item as object), source: null }))).toEqual(
      plain.data.map((item) => ({ ...(item as object), source: null })),
    );
  });

  it('pages backwards with ending_before', async () => {
    const first = (await (await stripeGet(sim, '/v1/charges?limit=5', connection.access_token)).json()) as List;
    const second = (await (
      await stripeGet(sim, `/v1/charges?limit=5&starting_after=${first.data[4]!.id}`, connection.access_token)
    ).json()) as List;
    const back = (await (
      await stripeGet(sim, `/v1/charges?limit=5&ending_before=${second.data[0]!.id}`, connection.access_token)
    ).json()) as List;
    expect(back.data.map((item) => item.id)).toEqual(first.data.map((item) => item.id));
    expect(back.has_more).toBe(false);
  });

  it('answers bad parameters and missing objects with Stripe errors', async () => {
    const tooMany = await stripeGet(sim, '/v1/charges?limit=101', connection.access_token);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: { type: string; param: string } }).error).toMatchObject({
      type: 'invalid_request_error',
      param: 'limit',
    });
    const unknownParam = await stripeGet(sim, '/v1/charges?colour=blue', connection.access_token);
    expect(unknownParam.status).toBe(400);
    const missing = await stripeGet(sim, '/v1/charges/ch_nope', connection.access_token);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('resource_missing');
  });

  // stripe-node sends `expand[0]=`; Stripe's docs write `expand[]=`; both must expand.
  it.each(['expand[]', 'expand[0]', 'expand'])('expands the source of a balance transaction with %s=', async (name) => {
    const response = await stripeGet(
      sim,
      `/v1/balance_transactions?limit=3&type=charge&${encodeURIComponent(name)}=data.source`,
      connection.access_token,
    );
    const page = (await response.json()) as { data: { source: { object: string; amount: number }; amount: number }[] };
    expect(page.data).toHaveLength(3);
    for (const row of page.data) {
      expect(row.source.object).toBe('charge');
      expect(row.source.amount).toBe(row.amount);
    }
  });

  it('injects a 429 with Retry-After, then a 500, then recovers', async () => {
    sim.control.injectFaults({ status: 429, retryAfterSeconds: 7 });
    sim.control.injectFaults({ status: 500 });
    const limited = await stripeGet(sim, '/v1/charges', connection.access_token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limit');
    const broken = await stripeGet(sim, '/v1/charges', connection.access_token);
    expect(broken.status).toBe(500);
    expect(((await broken.json()) as { error: { type: string } }).error.type).toBe('api_error');
    expect((await stripeGet(sim, '/v1/charges', connection.access_token)).status).toBe(200);
  });
});
