import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceTransaction } from '../ledger/classify.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import { runConnectionSync } from './sync/run-sync.js';
import { FakeBank, FakeCardProvider, fakeProviders, payments } from './test/fake-providers.js';
import { connectFakeCard, syncDepsOf, waitForSync } from './test/wait.js';

const bankRows: SourceTransaction[] = [
  {
    provider: 'bank',
    externalId: 'bk-rent',
    occurredAt: new Date('2026-11-03T09:00:00Z'),
    amountPence: -120000,
    description: 'STO HIGH ST PROPERTIES RENT',
    counterparty: 'High St Properties',
  },
  {
    provider: 'bank',
    externalId: 'bk-stripe-payout',
    occurredAt: new Date('2026-11-05T09:00:00Z'),
    amountPence: 13500,
    description: 'STRIPE PAYMENTS UK LTD',
    counterparty: 'Stripe',
  },
];
const bank = new FakeBank(bankRows);
const stripe = new FakeCardProvider('stripe', payments('stripe', ['2026-11-02', '2026-11-03', '2026-11-04']));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    clock: () => new Date('2026-11-20T10:00:00Z'),
    providers: fakeProviders({ stripe }, bank),
  });
});
afterAll(() => server.close());

type Owner = { id: string; access_token: string };
const redirect = () => `${server.url}/gocardless-redirect`;

async function link(owner: Owner, institution = 'SANDBOXFINANCE_SFIN0000') {
  const res = await server.post(
    '/api/gocardless/build-a-link',
    { user_id: owner.id, institution_id: institution, redirect: redirect() },
    owner.access_token,
  );
  expect(res.status).toBe(200);
  return res.body.requisition as { id: string; link: string };
}

const figure = async (owner: Owner, call: string) =>
  (await server.get(`/api/database/${call}/${owner.id}`, owner.access_token)).body.value;

describe('the business bank account', () => {
  it('lists banks with the sandbox bank first', async () => {
    const owner = await signUpAndConfirm(server);
    const res = await server.get('/api/gocardless/choose-a-bank', owner.access_token);
    expect(res.status).toBe(200);
    expect(res.body.banks[0]).toEqual({ id: 'SANDBOXFINANCE_SFIN0000', name: 'Sandbox Finance' });
    expect((await server.get('/api/gocardless/choose-a-bank')).status).toBe(401);
  });

  it('connects through the consent link, imports, and treats a connected processor’s payout as a transfer', async () => {
    const owner = await signUpAndConfirm(server);
    const requisition = await link(owner);
    expect(requisition.link).toMatch(/^https:\/\/fake\.bank\.test\/consent\//);
    const ref = bank.approve(requisition.id);
    const res = await server.post(
      '/api/gocardless/record-bank-transactions',
      { id: owner.id, requisition_id: requisition.id, ref },
      owner.access_token,
    );
    expect(res.status).toBe(200);
    expect(res.body.connection).toMatchObject({
      processor: 'gocardless',
      status: 'connected',
      institution: 'Sandbox Finance',
      consent_expires_at: '2027-02-20T00:00:00.000Z',
    });
    await waitForSync(server, owner, (c) => c[0]?.last_sync !== null);
    expect(await figure(owner, 'get-current-month-expenses-total')).toBe(1200);
    // Stripe not connected: its payout is the only sign of those sales.
    expect(await figure(owner, 'get-current-month-sales-total')).toBe(135);

    await connectFakeCard(server, owner, stripe);
    await waitForSync(server, owner, (c) => c.every((x) => x.last_sync !== null));
    // Now the sales come from Stripe itself and the bank credit is excluded as a transfer.
    expect(await figure(owner, 'get-current-month-sales-total')).toBe(135);
    const tokens = await server.get(`/api/database/get-access-tokens/${owner.id}`, owner.access_token);
    expect(Object.keys(tokens.body.sales_access_tokens)).toEqual(['stripe']);
    expect(Object.keys(tokens.body.expenses_access_tokens)).toEqual(['gocardless']);
  });

  it('refuses a foreign redirect, an unknown bank, a wrong ref, an unapproved consent and a replay', async () => {
    const owner = await signUpAndConfirm(server);
    const elsewhere = await server.post(
      '/api/gocardless/build-a-link',
      {
        user_id: owner.id,
        institution_id: 'SANDBOXFINANCE_SFIN0000',
        redirect: 'https://evil.example/gocardless-redirect',
      },
      owner.access_token,
    );
    expect(elsewhere.status).toBe(400);
    const unknown = await server.post(
      '/api/gocardless/build-a-link',
      { user_id: owner.id, institution_id: 'NOPE', redirect: redirect() },
      owner.access_token,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Please select the bank you wish to connect.');
    const blank = await server.post(
      '/api/gocardless/build-a-link',
      { user_id: owner.id, institution_id: ' ', redirect: redirect() },
      owner.access_token,
    );
    expect(blank.status).toBe(400);

    const pending = await link(owner);
    const notYet = await server.post(
      '/api/gocardless/record-bank-transactions',
      { id: owner.id, requisition_id: pending.id },
      owner.access_token,
    );
    expect(notYet.status).toBe(400);
    expect(notYet.body.error).toBe('The bank has not confirmed this connection. Please connect again.');

    const requisition = await link(owner);
    bank.approve(requisition.id);
    const wrongRef = await server.post(
      '/api/gocardless/record-bank-transactions',
      { id: owner.id, requisition_id: requisition.id, ref: 'guessed' },
      owner.access_token,
    );
    expect(wrongRef.status).toBe(400);
    const other = await signUpAndConfirm(server);
    const stolen = await server.post(
      '/api/gocardless/record-bank-transactions',
      { id: other.id, requisition_id: requisition.id },
      other.access_token,
    );
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('This connection link is not valid. Please connect again.');
    const tokens = await server.get(`/api/database/get-access-tokens/${owner.id}`, owner.access_token);
    expect(tokens.body.expenses_access_tokens).toEqual({});
  });

  it('respects the bank’s daily limit by waiting, and asks for a new consent when it expires', async () => {
    const owner = await signUpAndConfirm(server);
    const requisition = await link(owner, 'MONZO_MONZGB2L');
    const ref = bank.approve(requisition.id);
    await server.post(
      '/api/gocardless/record-bank-transactions',
      { id: owner.id, requisition_id: requisition.id, ref },
      owner.access_token,
    );
    await waitForSync(server, owner, (c) => c[0]?.last_sync !== null);
    const connectionId = (await server.ctx.database.db.query.connections.findFirst({
      where: (t, { eq }) => eq(t.userId, owner.id),
    }))!.id;
    const deps = syncDepsOf(server, () => new Date('2026-11-20T10:00:00Z'));
    bank.callsToday = bank.dailyLimit;
    expect(await runConnectionSync(deps, connectionId)).toBe('failed');
    let [row] = (await server.get(`/api/integrations/sync-status/${owner.id}`, owner.access_token)).body.connections;
    expect(row).toMatchObject({
      status: 'connected',
      next_sync: '2026-11-20T16:00:00.000Z',
      sync: { state: 'waiting' },
    });
    expect(row.sync.last_error).toBe("Your bank's daily limit on updates is reached; the next import is at 16:00.");

    bank.callsToday = 0;
    bank.links.get(requisition.id)!.status = 'expired';
    expect(await runConnectionSync(deps, connectionId)).toBe('failed');
    [row] = (await server.get(`/api/integrations/sync-status/${owner.id}`, owner.access_token)).body.connections;
    expect(row).toMatchObject({ status: 'needs_reconnect', next_sync: null });
    expect(row.sync.last_error).toBe('Your bank consent has ended. Connect your bank again to keep importing.');

    const res = await server.post(
      '/api/database/delete-tokens',
      { id: owner.id, processor: 'gocardless' },
      owner.access_token,
    );
    expect(res.status).toBe(200);
    expect(bank.ended.has(requisition.id)).toBe(true);
  });
});

describe('a bank consent about to end', () => {
  it('sends one Action Required e-mail in its last week', async () => {
    const local = await startTestServer({
      clock: () => new Date('2027-02-15T10:00:00Z'),
      providers: fakeProviders({}, new FakeBank([])),
      syncSweepMs: 100,
    });
    try {
      const owner = await signUpAndConfirm(local);
      const bankOf = local.ctx.integrations.providers.bank as FakeBank;
      const { body } = await local.post(
        '/api/gocardless/build-a-link',
        { user_id: owner.id, institution_id: 'SANDBOXFINANCE_SFIN0000', redirect: `${local.url}/gocardless-redirect` },
        owner.access_token,
      );
      const ref = bankOf.approve(body.requisition.id);
      await local.post(
        '/api/gocardless/record-bank-transactions',
        { id: owner.id, requisition_id: body.requisition.id, ref },
        owner.access_token,
      );
      const subject = 'Action required: your bank connection';
      let mails: Array<{ subject: string; text: string }> = [];
      for (let i = 0; i < 100 && !mails.some((m) => m.subject === subject); i++) {
        await new Promise((r) => setTimeout(r, 100));
        mails = await local.mailsTo(owner.email);
      }
      // Several more sweeps: still one.
      await new Promise((r) => setTimeout(r, 500));
      mails = (await local.mailsTo(owner.email)).filter((m) => m.subject === subject);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Your bank consent ends on 20 February. Connect your bank again before then');
    } finally {
      await local.close();
    }
  });
});
