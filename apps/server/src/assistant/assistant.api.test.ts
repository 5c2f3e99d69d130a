import { ASSISTANT_MESSAGES, DEMO_ACCOUNT } from '@brade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markConnected } from '../integrations/connections.js';
import type { SourceTransaction } from '../ledger/classify.js';
import { importTransactions } from '../ledger/import.js';
import { TEST_IMPORT } from '../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import { ASSISTANT_LIMITS } from './limits.js';
import type { ModelClient } from './model.js';

/**
 * BradeBot's two calls over HTTP (docs/assistant.md, "The calls"): validation, the signed-in owner's own figures
 * whatever the payload says, limits per owner and per demo session, memory per auth session for 30 minutes, the
 * overall timeout and the fallback from a failing model. Hand-worked books: May 2026 has £50.00 + £30.00 of sales, a
 * £1.20 card fee and £500.00 of rent (revenue £80.00, expenses £501.20); April a £40.00 sale.
 */
const ANALYZE = '/api/openai/analyze-monthly-transactions';
const REPORT = '/api/openai/report-financial-performance';
let now = new Date('2026-06-20T12:00:00Z');
let server: TestServer;
let a: { id: string; access_token: string; email: string; password: string };
let b: { id: string; access_token: string };

const at = (iso: string) => new Date(iso);
const pay = (id: string, iso: string, pence: number, customerId: string): SourceTransaction => ({
  provider: 'stripe',
  type: 'payment',
  externalId: id,
  occurredAt: at(iso),
  amountPence: pence,
  description: id,
  customerId,
});

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  a = await signUpAndConfirm(server);
  b = await signUpAndConfirm(server);
  const { db } = server.ctx.database;
  for (const owner of [a, b]) {
    await markConnected(db, owner.id, 'stripe');
    await markConnected(db, owner.id, 'bank');
  }
  await importTransactions(
    db,
    a.id,
    [
      pay('ch_a1', '2026-05-03T10:00:00Z', 5_000, 'cus_1'),
      pay('ch_a2', '2026-05-04T10:00:00Z', 3_000, 'cus_2'),
      {
        provider: 'stripe',
        type: 'fee',
        externalId: 'ch_a2:fee',
        occurredAt: at('2026-05-04T10:00:00Z'),
        amountPence: 120,
        description: 'Fee',
      },
      pay('ch_a3', '2026-04-10T10:00:00Z', 4_000, 'cus_1'),
      {
        provider: 'bank',
        externalId: 'bank_a1',
        occurredAt: at('2026-05-01T08:00:00Z'),
        amountPence: -50_000,
        description: 'SO LANDLORD RENT MAY',
        counterparty: 'LANDLORD',
      },
    ],
    TEST_IMPORT,
  );
  await importTransactions(db, b.id, [pay('ch_b1', '2026-05-05T10:00:00Z', 99_900, 'cus_9')], TEST_IMPORT);
});
afterAll(() => server.close());

const ask = (message: unknown, token: string, path = ANALYZE, extra: Record<string, unknown> = {}) =>
  server.post(path, { message, expenses: [], revenues: [], financialGoals: {}, ...extra }, token);

async function signIn(email: string, password: string): Promise<string> {
  const res = await server.post('/api/signin_user', { email, password });
  expect(res.status).toBe(200);
  return res.body.access_token;
}

describe('BradeBot calls', () => {
  it('answers from the signed-in owner’s books, never from the payload', async () => {
    const res = await ask('What were my takings in May?', a.access_token, ANALYZE, {
      revenues: [{ month: 'May', amount: 123456 }],
      expenses: [{ month: 'May', amount: 999 }],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.body.response).toContain('£80.00');
    expect(res.body.response).toContain('May 2026');
    const other = await ask('What were my takings in May?', b.access_token);
    expect(other.body.response).toContain('£999.00');
    expect(other.body.response).not.toContain('£80.00');
  });

  it('refuses an empty message, one over 2,000 characters and a missing one with a sentence; and no token with 401', async () => {
    for (const message of ['', '   \n ', 'x'.repeat(2_001), undefined, 42]) {
      const res = await ask(message, a.access_token);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
      expect(JSON.stringify(res.body)).toMatch(/Please type a question for BradeBot|up to 2,000 characters/);
    }
    expect((await ask('x'.repeat(2_000), a.access_token)).status).toBe(200);
    expect((await server.post(ANALYZE, { message: 'hi' })).status).toBe(401);
    const badReport = await ask('Comment', a.access_token, REPORT, {
      report: { type: 'profit', month: 5, year: 2026 },
    });
    expect(badReport.status).toBe(400);
  });

  it('comments on the report and month the Reports screen shows, in report mode', async () => {
    const res = await ask('What do you make of this?', a.access_token, REPORT, {
      report: { type: 'expense', month: 5, year: 2026 },
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toContain('Expenses in May 2026: £501.20');
    expect(res.body.response).toContain('Rent');
    const question = await ask('What was my revenue?', a.access_token, REPORT, {
      report: { type: 'income_statement', month: 4, year: 2026 },
    });
    expect(question.body.response).toMatch(/^Your takings in April 2026 were £40\.00/);
    const statement = await ask('Summarise', a.access_token, REPORT, {
      report: { type: 'income_statement', month: 5, year: 2026 },
    });
    expect(statement.body.response).toContain('a loss of £421.20');
  });

  it('remembers the conversation per auth session, for 30 minutes', async () => {
    const first = await ask('What were my takings in May?', a.access_token);
    expect(first.body.response).toContain('£80.00');
    const followUp = await ask('and the month before?', a.access_token);
    expect(followUp.body.response).toMatch(/^Your takings in April 2026 were £40\.00/);
    // Another session of the same owner starts afresh: nothing to follow, so no figure and a question back.
    const other = await signIn(a.email, a.password);
    const fresh = (await ask('and the month before?', other)).body.response;
    expect(fresh).not.toMatch(/£/);
    expect(fresh).toContain('You could ask');
    // 31 minutes later the first session has forgotten too.
    now = new Date(now.getTime() + 31 * 60_000);
    expect((await ask('and the month before?', a.access_token)).body.response).not.toMatch(/£/);
  });

  it('limits each owner, and each visitor of the demo account on their own session', async () => {
    const owner = await signUpAndConfirm(server);
    for (let i = 0; i < ASSISTANT_LIMITS.owner.max; i++) {
      expect((await ask('revenue last month', owner.access_token)).status).toBe(200);
    }
    const refused = await ask('revenue last month', owner.access_token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    // A limit, said as one: how many questions and when the owner can ask again (Europe/London time).
    expect(refused.body).toMatchObject({ code: 'assistant_limited' });
    expect(refused.body.error).toMatch(/^You have asked 30 questions in 5 minutes; you can ask again at \d\d:\d\d\.$/);

    const visitor1 = await signIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    const visitor2 = await signIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    for (let i = 0; i < ASSISTANT_LIMITS.demoSession.max; i++) {
      expect((await ask('revenue last month', visitor1)).status).toBe(200);
    }
    expect((await ask('revenue last month', visitor1)).body.error).toMatch(/^You have asked 15 questions in 5 minutes/);
    expect((await ask('revenue last month', visitor2)).status).toBe(200);
    // One visitor opening session after session from one address stops at the address's allowance, not everyone's.
    const used = ASSISTANT_LIMITS.demoSession.max + 1;
    for (let i = used; i < ASSISTANT_LIMITS.demoAddress.max; i++) {
      const visitor =
        i % ASSISTANT_LIMITS.demoSession.max === 0 ? await signIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password) : visitor2;
      expect((await ask('revenue last month', visitor)).status).toBe(200);
    }
    const fresh = await signIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    const byAddress = await ask('revenue last month', fresh);
    expect(byAddress.status).toBe(429);
    expect(byAddress.body.error).toMatch(/^You have asked 30 questions in 5 minutes/);
  });

  it('refuses a message with a lone UTF-16 surrogate with a 400 and stores nothing', async () => {
    const owner = await signUpAndConfirm(server);
    for (const raw of ['{"message":"\\ud83d"}', '{"message":"takings \\udc00 last month"}']) {
      const res = await server.request('POST', ANALYZE, {
        raw,
        token: owner.access_token,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      // The server's one check of all request text answers before the message's own schema (docs/assistant.md).
      expect(res.body).toMatchObject({
        code: 'validation_failed',
        fields: { message: expect.stringMatching(/half of a character/) },
      });
    }
    // A whole emoji (a surrogate pair) is fine.
    expect((await ask('takings last month 💇', owner.access_token)).status).toBe(200);
  });

  it("declines questions about someone else's business, never answering with the owner's own figures", async () => {
    for (const question of [
      "What did Alice's salon make?",
      'how much does the salon across the road take',
      'show me the other owners and their takings',
    ]) {
      const res = await ask(question, a.access_token);
      expect(res.status).toBe(200);
      expect(res.body.response).not.toMatch(/£\d/);
      expect(res.body.response).toMatch(/only see your own salon/);
    }
  });
});

describe('BradeBot with a failing or slow model', () => {
  let slow: TestServer;
  let owner: { access_token: string };
  const hang: ModelClient = { reply: () => new Promise(() => {}) };
  afterAll(() => slow?.close());

  it('falls back to the built-in analyst when the model throws', async () => {
    slow = await startTestServer({
      clock: () => now,
      assistant: { model: { reply: async () => Promise.reject(new Error('500 from the model')) } },
    });
    owner = await signUpAndConfirm(slow);
    const res = await slow.post(ANALYZE, { message: 'What were my expenses last month?' }, owner.access_token);
    expect(res.status).toBe(200);
    expect(res.body.response).toMatch(/^Your costs in May 2026 were £0\.00 /);
    await slow.close();
  });

  it('falls back when the model takes longer than its share, and answers 504 past the overall timeout', async () => {
    slow = await startTestServer({
      clock: () => now,
      assistant: { model: hang, modelTimeoutMs: 20, timeoutMs: 5_000 },
    });
    owner = await signUpAndConfirm(slow);
    const fallback = await slow.post(ANALYZE, { message: 'revenue last month' }, owner.access_token);
    expect(fallback.status).toBe(200);
    expect(fallback.body.response).toContain('May 2026');
    await slow.close();

    slow = await startTestServer({
      clock: () => now,
      assistant: { model: hang, modelTimeoutMs: 60_000, timeoutMs: 30 },
    });
    owner = await signUpAndConfirm(slow);
    const late = await slow.post(ANALYZE, { message: 'revenue last month' }, owner.access_token);
    expect(late.status).toBe(504);
    expect(late.body.error).toBe(ASSISTANT_MESSAGES.timeout);
  });
});
