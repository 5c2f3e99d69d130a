import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceTransaction } from '../ledger/classify.js';
import { FakeBank, FakeCardProvider, fakeProviders, payments } from '../test/fake-providers.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import { connectFakeCard, syncDepsOf, waitForSync } from '../test/wait.js';
import { runConnectionSync } from './sync/run-sync.js';
import { connections } from './tables.js';

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
  // The spec's requisition id is Brade's connect attempt; the provider's own link id stays on the server.
  return { ...(res.body.requisition as { id: string; link: string }), linkId: bank.latestLinkId() };
}

const record = (owner: Owner, body: Record<string, unknown>) =>
  server.post('/api/gocardless/record-bank-transactions', { id: owner.id, ...body }, owner.access_token);

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
    expect(requisition.id).toMatch(/^[0-9a-f-]{36}$/);
    const ref = bank.approve(requisition.linkId);
    const res = await record(owner, { requisition_id: requisition.id, ref });
    expect(res.status).toBe(200);
    expect(res.body.connection).toMatchObject({
      processor: 'gocardless',
      status: 'connected',
      institution: 'Sandbox Finance',
      consent_expires_at: '2027-02-20T00:00:00.000Z',
      institution_id: 'SANDBOXFINANCE_SFIN0000',
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
    const notYet = await record(owner, { requisition_id: pending.id, ref: bank.links.get(pending.linkId)!.state });
    expect(notYet.status).toBe(400);
    expect(notYet.body.error).toBe('The bank has not confirmed this connection. Please connect again.');

    const requisition = await link(owner);
    const ref = bank.approve(requisition.linkId);
    const other = await signUpAndConfirm(server);
    const tries: Array<[Owner, Record<string, unknown>, number]> = [
      [owner, { requisition_id: requisition.id, ref: 'guessed' }, 400],
      [owner, { requisition_id: requisition.id }, 400],
      [owner, { requisition_id: pending.id, ref }, 400],
      [owner, { requisition_id: requisition.id, ref: `${ref}\u0000` }, 400],
      [owner, { requisition_id: requisition.id, ref: 'x'.repeat(5000) }, 400],
      [owner, { requisition_id: `${requisition.id}\u0000`, ref }, 400],
      [other, { requisition_id: requisition.id, ref }, 400],
    ];
    for (const [who, body, status] of tries) {
      const res = await record(who, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body.error).toEqual(expect.any(String));
    }
    const stolen = await record(other, { requisition_id: requisition.id, ref });
    expect(stolen.body.error).toBe('This connection link is not valid. Please connect again.');
    const onOwnersId = await server.post(
      '/api/gocardless/record-bank-transactions',
      { id: owner.id, requisition_id: requisition.id, ref },
      other.access_token,
    );
    expect(onOwnersId.status).toBe(404);
    let tokens = await server.get(`/api/database/get-access-tokens/${owner.id}`, owner.access_token);
    expect(tokens.body.expenses_access_tokens).toEqual({});

    // The owner's own return works once; the same state again (a replay, or a second tab) does not.
    const [first, second] = await Promise.all([
      record(owner, { requisition_id: requisition.id, ref }),
      record(owner, { requisition_id: requisition.id, ref }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    expect([first, second].find((r) => r.status === 400)!.body.error).toBe(
      'This connection link has already been used. Please connect again.',
    );
    tokens = await server.get(`/api/database/get-access-tokens/${owner.id}`, owner.access_token);
    expect(tokens.body.expenses_access_tokens.gocardless.status).toBe('connected');
  });

  it('uses the attempt up when the bank reports a refusal, connecting nothing', async () => {
    const owner = await signUpAndConfirm(server);
    const requisition = await link(owner);
    const ref = bank.links.get(requisition.linkId)!.state;
    const denied = await record(owner, { requisition_id: requisition.id, ref, error: 'UserCancelledSession' });
    expect(denied.status).toBe(400);
    expect(denied.body.error).toBe('The bank connection was not approved. Please connect again.');
    bank.approve(requisition.linkId);
    const after = await record(owner, { requisition_id: requisition.id, ref });
    expect(after.body.error).toBe('This connection link has already been used. Please connect again.');
  });

  it('respects the bank’s daily limit by waiting, and asks for a new consent when it expires', async () => {
    const owner = await signUpAndConfirm(server);
    const requisition = await link(owner, 'MONZO_MONZGB2L');
    const ref = bank.approve(requisition.linkId);
    await record(owner, { requisition_id: requisition.id, ref });
    await waitForSync(server, owner, (c) => c[0]?.last_sync !== null);
    const [connection] = await server.ctx.database.db
      .select()
      .from(connections)
      .where(eq(connections.userId, owner.id));
    const connectionId = connection!.id;
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
    bank.links.get(requisition.linkId)!.status = 'expired';
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
    expect(bank.ended.has(requisition.linkId)).toBe(true);
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
      const bankOf = local.ctx.integrations.providers.bank as unknown as FakeBank;
      const { body } = await local.post(
        '/api/gocardless/build-a-link',
        { user_id: owner.id, institution_id: 'SANDBOXFINANCE_SFIN0000', redirect: `${local.url}/gocardless-redirect` },
        owner.access_token,
      );
      const ref = bankOf.approve(bankOf.latestLinkId());
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
