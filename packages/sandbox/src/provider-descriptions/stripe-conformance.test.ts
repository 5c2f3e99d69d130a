import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_LIMITS } from '../../../../test-limits';
import type { RunningCardSimulator } from '../simulators/common/card-sim-types';
import { startStripeSimulator } from '../simulators/stripe/stripe-simulator';
import { connect, REDIRECT_URI } from '../test/stripe-test-helpers';
import { loadStripeFixtures } from './openapi-validator';

/**
 * Every object the Stripe simulator serves, compared with Stripe's own example of its resource (stripe/openapi
 * fixtures3.json, MIT; README.md): the same fields, the same JSON types, nesting included. A null on either side
 * stands for "does not apply here"; an expandable field may be an id or the object it names; metadata is free.
 */
const examples = loadStripeFixtures().resources;

function differences(served: unknown, example: unknown, at: string): string[] {
  if (served === null || example === null) return [];
  if (typeof example === 'string' && served && typeof served === 'object' && !Array.isArray(served)) {
    const kind = (served as { object?: string }).object;
    return kind && examples[kind]
      ? differences(served, examples[kind], at)
      : [`${at}: expanded into an unknown ${kind}`];
  }
  if (Array.isArray(example)) {
    if (!Array.isArray(served)) return [`${at}: ${typeof served} where Stripe has a list`];
    return example.length === 0 ? [] : served.flatMap((item, i) => differences(item, example[0], `${at}[${i}]`));
  }
  if (typeof example === 'object') {
    if (typeof served !== 'object' || Array.isArray(served))
      return [`${at}: ${typeof served} where Stripe has an object`];
    if (at.endsWith('.metadata')) return [];
    const mine = served as Record<string, unknown>;
    const theirs = example as Record<string, unknown>;
    return [
      ...Object.keys(theirs)
        .filter((k) => !(k in mine))
        .map((k) => `${at}.${k}: missing`),
      ...Object.keys(mine)
        .filter((k) => !(k in theirs))
        .map((k) => `${at}.${k}: not a Stripe field`),
      ...Object.keys(mine)
        .filter((k) => k in theirs)
        .flatMap((k) => differences(mine[k], theirs[k], `${at}.${k}`)),
    ];
  }
  return typeof served === typeof example ? [] : [`${at}: ${typeof served} where Stripe has a ${typeof example}`];
}

const NOW = new Date('2026-03-10T17:00:00Z');
let sim: RunningCardSimulator;
let token: string;

beforeAll(async () => {
  sim = await startStripeSimulator({ seed: 'conformance', now: () => NOW, redirectUris: [REDIRECT_URI] });
  token = (await connect(sim)).access_token;
}, TEST_LIMITS.unit.hook);
afterAll(() => sim.close());

async function list(path: string): Promise<Record<string, unknown>[]> {
  const res = await fetch(`${sim.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Record<string, unknown>[] }).data;
}

describe('the Stripe simulator against Stripe’s own examples', () => {
  it.each([
    ['charge', '/v1/charges?limit=100'],
    ['refund', '/v1/refunds?limit=100'],
    ['payout', '/v1/payouts?limit=100'],
    ['balance_transaction', '/v1/balance_transactions?limit=100&type=charge&expand[0]=data.source'],
    ['balance_transaction', '/v1/balance_transactions?limit=100&type=refund&expand[0]=data.source'],
    ['balance_transaction', '/v1/balance_transactions?limit=100&type=payout&expand[0]=data.source'],
  ])(
    '%s objects from %s',
    async (resource, path) => {
      const objects = await list(path);
      expect(objects.length).toBeGreaterThan(0);
      expect(objects.flatMap((object, i) => differences(object, examples[resource], `${resource}[${i}]`))).toEqual([]);
    },
    30_000,
  );

  it('the connected account', async () => {
    const res = await fetch(`${sim.url}/v1/account`, { headers: { authorization: `Bearer ${token}` } });
    expect(differences(await res.json(), examples.account, 'account')).toEqual([]);
  });

  it('notices a field Stripe does not have, a missing one and a wrong type', () => {
    const example = { id: 'ch_1', amount: 100, billing_details: { email: null, name: 'x' } };
    expect(differences({ id: 'ch_2', amount: '1.00', billing_details: { colour: 'red' } }, example, 'c')).toEqual([
      'c.amount: string where Stripe has a number',
      'c.billing_details.email: missing',
      'c.billing_details.name: missing',
      'c.billing_details.colour: not a Stripe field',
    ]);
  });
});
