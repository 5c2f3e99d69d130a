import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markConnected } from '../integrations/connections.js';
import { at, TEST_IMPORT } from '../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import type { SourceTransaction } from './classify.js';
import { clientFigures } from './client-figures.js';
import { knownPayerPercent, periodTotals, revenuePerClientPence } from './figures.js';
import { importTransactions } from './import.js';
import { clientVisits } from './retention.js';

let server: TestServer;
let a: { id: string; access_token: string };
let b: { id: string; access_token: string };

type Payment = Extract<SourceTransaction, { type: 'payment' | 'refund' | 'fee' | 'payout' }>;
const pay = (provider: Payment['provider'], externalId: string, iso: string, pence: number, who: Partial<Payment>) =>
  ({
    provider,
    type: 'payment',
    externalId,
    occurredAt: at(iso),
    amountPence: pence,
    description: 'Service',
    ...who,
  }) as Payment;

// Stripe's payments arrive in one import, Square's in a later one: identity is recomputed as data arrives.
const STRIPE = [
  pay('stripe', 'ch_amy_dep', '2026-04-03T10:00:00Z', 2000, {
    customerId: 'cus_amy',
    payerEmail: 'amy@x.example',
    purpose: 'deposit',
  }),
  pay('stripe', 'ch_ben', '2026-04-05T10:00:00Z', 3000, { cardFingerprint: 'fp_same' }),
  pay('stripe', 'ch_cara_voucher', '2026-04-07T10:00:00Z', 5000, {
    customerId: 'cus_cara',
    payerEmail: 'cara@x.example',
    purpose: 'voucher_sale',
  }),
  pay('stripe', 'ch_eve_dep', '2026-04-25T10:00:00Z', 2000, { customerId: 'cus_eve', purpose: 'deposit' }),
  pay('stripe', 'ch_ben_2', '2026-07-10T10:00:00Z', 3000, { cardFingerprint: 'fp_same' }),
  pay('stripe', 'ch_fay', '2026-08-05T10:00:00Z', 4000, { customerId: 'cus_fay' }),
  pay('stripe', 'ch_fay_2', '2026-10-01T10:00:00Z', 4000, { customerId: 'cus_fay' }),
];
const SQUARE = [
  pay('square', 'sq_amy_bal', '2026-04-10T10:00:00Z', 4000, {
    cardFingerprint: 'fp_amy',
    payerEmail: ' Amy@X.example',
  }),
  pay('square', 'sq_ben', '2026-04-06T10:00:00Z', 3000, { cardFingerprint: 'fp_same' }),
  pay('square', 'sq_dan_redeem', '2026-04-20T10:00:00Z', 5000, {
    cardFingerprint: 'fp_dan',
    purpose: 'voucher_redemption',
  }),
  pay('square', 'sq_amy_2', '2026-08-20T10:00:00Z', 4000, { cardFingerprint: 'fp_amy' }),
  pay('square', 'sq_gus', '2026-08-15T10:00:00Z', 3500, { cardFingerprint: 'fp_gus' }),
];

// SumUp gives no customer id, fingerprint or e-mail: an anonymous payment is a client for revenue per client, but no
// one retention can follow (docs/finance.md, "Retention").
const SUMUP = [pay('sumup', 'su_anon', '2026-08-10T10:00:00Z', 2500, {})];

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date('2026-12-01T12:00:00Z') });
  a = await signUpAndConfirm(server);
  b = await signUpAndConfirm(server);
  const { db } = server.ctx.database;
  await markConnected(db, a.id, 'stripe');
  await markConnected(db, a.id, 'square');
  await importTransactions(db, a.id, STRIPE, TEST_IMPORT);
  await importTransactions(db, a.id, SQUARE, TEST_IMPORT);
  await markConnected(db, a.id, 'sumup');
  await importTransactions(db, a.id, SUMUP, TEST_IMPORT);
});
afterAll(() => server.close());

const db = () => server.ctx.database.db;

describe('clients are people (docs/finance.md, "Clients"), worked by hand', () => {
  it('April: Amy (Stripe deposit + Square balance, one e-mail), Ben twice (one card, two processors), Dan (voucher)', async () => {
    const april = await periodTotals(db(), a.id, { from: '2026-04-01', to: '2026-04-30' });
    // Revenue £20 + £30 + £50 + £20 + £40 + £30 = £190, of which £50 is Cara's gift voucher (revenue when sold).
    expect(april.revenuePence).toBe(19_000);
    // Sales for services: all but the voucher, every payer known.
    expect(april.serviceSalesPence).toBe(14_000);
    expect(april.knownSalesPence).toBe(14_000);
    // Clients: Amy, Ben at Stripe, Ben at Square, Dan. Cara only bought a voucher; Eve only paid a deposit.
    expect(april.clients).toBe(4);
    // Sales for services £140 ÷ 4 = £35.00.
    expect(revenuePerClientPence(april)).toBe(3_500);
    expect(knownPayerPercent(april)).toBe(100);
  });

  it('August: a payment nobody can be recognised by is in the sales but is no client, and the coverage says so', async () => {
    const [august] = await clientFigures(db(), a.id, [{ from: '2026-08-01', to: '2026-08-31' }]);
    // Fay £40, Gus £35, Amy £40 are known; SumUp's £25 names nobody.
    expect(august).toMatchObject({
      clients: 3,
      knownSalesPence: 11_500,
      serviceSalesPence: 14_000,
      revenuePerClientPence: 3_833,
      knownPayerPercent: 82,
      coverage: 'From the 82 % of takings whose payer is known.',
    });
    const tile = await server.get(`/api/database/get-current-month-revenue-per-client/${a.id}`, a.access_token);
    expect(tile.body).toMatchObject({ value: 0, coverage: null });
  });

  it("a deposit and its balance are one visit; a voucher's redemption is its client's visit", async () => {
    const april = (await clientVisits(db(), a.id)).filter((v) => v.day.startsWith('2026-04'));
    expect(april.map((v) => v.day).sort()).toEqual(['2026-04-05', '2026-04-06', '2026-04-10', '2026-04-20']);
  });
});

describe('GET /api/database/get-retention/{id}', () => {
  it('answers new-client and overall retention, worked by hand', async () => {
    const res = await server.get(`/api/database/get-retention/${a.id}`, a.access_token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // Today 1 December: windows must end before 2 September. History starts 5 April, so new-client months start
    // on or after 4 July: August only. New in August: Fay (back 1 October) and Gus (never back); the anonymous
    // SumUp payer is in neither series.
    expect(res.body.new_client).toEqual([{ month: '2026-08', new_clients: 2, returned: 1, percent: 50 }]);
    expect(res.body.overall).toEqual([
      // 3 May–31 July: Ben at Stripe; not seen by 29 October.
      { date: '2026-07-31', clients: 1, seen_again: 0, percent: 0 },
      // 3 June–31 August: Ben, Amy, Fay, Gus; Fay comes back.
      { date: '2026-08-31', clients: 4, seen_again: 1, percent: 25 },
    ]);
    expect(res.body.national_new_client_percent).toBe(30);
    // 9 of the year's 10 visits name their payer: SumUp's does not.
    expect(res.body.coverage).toBe('Measured over the 90 % of visits whose payer is known.');
  });

  it("another owner's id gets 404, no token 401, and an owner without books an empty answer", async () => {
    expect((await server.get(`/api/database/get-retention/${a.id}`, b.access_token)).status).toBe(404);
    expect((await server.get(`/api/database/get-retention/${a.id}`)).status).toBe(401);
    const empty = await server.get(`/api/database/get-retention/${b.id}`, b.access_token);
    expect(empty.body).toEqual({ new_client: [], overall: [], national_new_client_percent: 30, coverage: null });
  });
});
