import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../accounts/tables.js';
import { refreshTokens, sessions, signupAttempts } from '../auth/tables.js';
import { connections } from '../integrations/tables.js';
import { importTransactions } from '../ledger/import.js';
import { ledgerCategoryRules, ledgerTransactions } from '../ledger/tables.js';
import { financialGoals, notificationSettings } from '../settings/tables.js';
import { pressConsentButton } from '../test/consent-form-browser.js';
import { TEST_IMPORT } from '../test/test-ledger.js';
import {
  codeFrom,
  GOOD_PASSWORD,
  signUpAndConfirm,
  startTestServer,
  type TestServer,
  uniqueEmail,
} from '../test/test-server.js';

/**
 * Two tabs (or a double click) sending the same thing at once leave one consistent result: one account, one session,
 * one connection, one rule, and saved settings that are wholly one request's, never a mix. Filing a VAT return twice
 * at once is in hmrc/vat/vat-return.api.test.ts ("two submissions at once file once").
 */
let server: TestServer;
beforeAll(async () => {
  const wide = (name: string) => ({ name, max: 10_000, windowSeconds: 300 });
  server = await startTestServer({
    clock: () => new Date('2026-04-15T12:00:00Z'),
    env: { SYNC_HISTORY_DAYS: '30' },
    limits: {
      signinPerIp: wide('signin:ip'),
      signupPerIp: wide('signup:ip'),
      verifyPerIp: wide('verify:ip'),
      resetPerIp: wide('reset:ip'),
      recoveryPerIp: wide('recovery:ip'),
      refreshPerIp: wide('refresh:ip'),
    },
  });
});
afterAll(() => server.close());

const db = () => server.ctx.database.db;
const statuses = (answers: Array<{ status: number }>) => answers.map((a) => a.status).sort();

async function signUp(email: string, password = GOOD_PASSWORD) {
  const res = await server.post('/api/signup_user', {
    email,
    password,
    options: { data: { full_name: 'Priya Shah' } },
  });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

describe('two tabs at once', () => {
  it('two sign-ups of one address, confirmed at once: one account, with the password of the one confirmed', async () => {
    const email = uniqueEmail('twice');
    const [first, second] = await Promise.all([signUp(email, 'Chignon2026'), signUp(email, 'Balayage2026')]);
    const mails = await server.mailsTo(email);
    expect(mails).toHaveLength(2);
    // Each tab confirms with the code of its own attempt (mails are newest first, but either may be first).
    const codes = mails.map((m) => codeFrom(m));
    const answers = await Promise.all([
      server.post('/api/verify_otp', { email, token: codes[0], id: first }),
      server.post('/api/verify_otp', { email, token: codes[1], id: first }),
      server.post('/api/verify_otp', { email, token: codes[0], id: second }),
      server.post('/api/verify_otp', { email, token: codes[1], id: second }),
    ]);
    expect(statuses(answers)).toEqual([200, 400, 400, 400]);
    const won = answers.find((a) => a.status === 200)!;
    const accounts = await db().select().from(users).where(eq(users.email, email));
    expect(accounts.map((a) => a.id)).toEqual([won.body.id]);
    const password = won.body.id === first ? 'Chignon2026' : 'Balayage2026';
    expect((await server.post('/api/signin_user', { email, password })).status).toBe(200);
    // Both attempts are closed: neither code confirms anything any more.
    const attempts = await db().select().from(signupAttempts).where(eq(signupAttempts.email, email));
    expect(attempts.map((a) => a.closedAt !== null)).toEqual([true, true]);
  });

  it('one code confirmed twice at once: one account and one session', async () => {
    const email = uniqueEmail('double-click');
    const id = await signUp(email);
    const token = codeFrom((await server.mailsTo(email))[0]);
    const answers = await Promise.all([1, 2, 3].map(() => server.post('/api/verify_otp', { email, token, id })));
    expect(statuses(answers)).toEqual([200, 400, 400]);
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(await db().select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(1);
  });

  it('one reset link opened twice at once: one recovery session', async () => {
    const owner = await signUpAndConfirm(server);
    await server.post('/api/request_password_reset', { email: owner.email });
    const mail = (await server.mailsTo(owner.email)).find((m) => m.text.includes('/api/auth/recover?token='));
    const link = new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
    const answers = await Promise.all([1, 2].map(() => server.get(link.pathname + link.search)));
    const locations = answers.map((a) => a.headers.get('location') ?? '');
    expect(locations.filter((l) => l.includes('#access_token='))).toHaveLength(1);
    expect(locations.filter((l) => l.endsWith('#error=access_denied&error_code=link_expired'))).toHaveLength(1);
    const recovery = await db()
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, owner.id), eq(sessions.kind, 'recovery')));
    expect(recovery).toHaveLength(1);
  });

  it('one refresh token spent twice at once leaves at most one live token, never two', async () => {
    const owner = await signUpAndConfirm(server);
    const answers = await Promise.all(
      [1, 2].map(() => server.post('/api/refresh_token', { refresh_token: owner.refresh_token })),
    );
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
    const live = await db()
      .select()
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(and(eq(sessions.userId, owner.id), isNull(refreshTokens.usedAt), isNull(sessions.revokedAt)));
    expect(live.length).toBeLessThanOrEqual(1);
  });

  it('two saves of the goals at once: the saved goals are wholly one of them', async () => {
    const owner = await signUpAndConfirm(server);
    const a = { margin_goal: 10, revenue_target: 7000, retention_rate: 20 };
    const b = { margin_goal: 30, revenue_target: 9000, retention_rate: 25 };
    const answers = await Promise.all(
      [a, b, a, b].map((goals) =>
        server.post(`/api/database/update-financial-goals/${owner.id}`, { financial_goals: goals }, owner.access_token),
      ),
    );
    expect(statuses(answers)).toEqual([200, 200, 200, 200]);
    const rows = await db().select().from(financialGoals).where(eq(financialGoals.userId, owner.id));
    expect(rows).toHaveLength(1);
    const saved = {
      margin_goal: rows[0]!.marginGoal,
      revenue_target: rows[0]!.revenueTarget,
      retention_rate: rows[0]!.retentionRate,
    };
    expect([a, b]).toContainEqual(saved);
    const read = await server.get(`/api/database/get-financial-goals/${owner.id}`, owner.access_token);
    expect(read.body.financial_goals).toEqual(saved);
  });

  it('two saves of the notification settings at once: the saved settings are wholly one of them', async () => {
    const owner = await signUpAndConfirm(server);
    const a = { monthly_summary: false, action_required: true, email_notifications: true };
    const b = { monthly_summary: true, action_required: false, email_notifications: false };
    const answers = await Promise.all(
      [a, b, a, b].map((body) =>
        server.post(`/api/database/update-notification-settings/${owner.id}`, body, owner.access_token),
      ),
    );
    expect(statuses(answers)).toEqual([200, 200, 200, 200]);
    expect(
      await db().select().from(notificationSettings).where(eq(notificationSettings.userId, owner.id)),
    ).toHaveLength(1);
    const read = (await server.get(`/api/database/get-notification-settings/${owner.id}`, owner.access_token)).body;
    const picked = {
      monthly_summary: read.monthly_summary,
      action_required: read.action_required,
      email_notifications: read.email_notifications,
    };
    expect([a, b]).toContainEqual(picked);
  });

  it('two corrections of one counterparty to different categories at once: one rule, every line in its category', async () => {
    const owner = await signUpAndConfirm(server);
    const line = (externalId: string, iso: string) => ({
      provider: 'bank' as const,
      externalId,
      occurredAt: new Date(iso),
      amountPence: -2500,
      description: 'CARD PAYMENT BRIGHTSIDE FLORIST',
      counterparty: 'BRIGHTSIDE FLORIST',
    });
    await importTransactions(
      db(),
      owner.id,
      [line('f1', '2026-04-02T10:00:00Z'), line('f2', '2026-04-05T10:00:00Z'), line('f3', '2026-04-09T10:00:00Z')],
      TEST_IMPORT,
    );
    const lines = await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.userId, owner.id));
    const options = await server.post(
      `/api/database/get-correction-options/${owner.id}`,
      { transaction_id: lines[0]!.id },
      owner.access_token,
    );
    const [x, y] = (options.body.categories as string[]).filter((c) => c !== options.body.category);
    const answers = await Promise.all(
      [
        [lines[0]!.id, x],
        [lines[1]!.id, y],
      ].map(([transaction_id, category]) =>
        server.post(
          `/api/database/correct-transaction/${owner.id}`,
          { transaction_id, category, apply_to_similar: true },
          owner.access_token,
        ),
      ),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const rules = await db().select().from(ledgerCategoryRules).where(eq(ledgerCategoryRules.userId, owner.id));
    expect(rules).toHaveLength(1);
    const after = await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.userId, owner.id));
    expect(new Set(after.map((t) => t.category))).toEqual(new Set([rules[0]!.category]));
  });

  it("one provider's return brought by two tabs at once: one connection", async () => {
    const owner = await signUpAndConfirm(server);
    const auth = await server.post(
      '/api/integrations/authorization-url',
      { id: owner.id, processor: 'stripe' },
      owner.access_token,
    );
    const back = await pressConsentButton(auth.body.url, 'approve', { login: owner.email });
    const body = { id: owner.id, code: back.searchParams.get('code'), state: back.searchParams.get('state') };
    const answers = await Promise.all(
      [1, 2].map(() => server.post('/api/stripe/record-stripe-transactions', body, owner.access_token)),
    );
    expect(statuses(answers)).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.code).toBe('connect_state_used');
    expect(await db().select().from(connections).where(eq(connections.userId, owner.id))).toHaveLength(1);
  });
});
