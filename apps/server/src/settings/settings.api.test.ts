import { DEFAULT_FINANCIAL_GOALS, DEMO_ACCOUNT, GOAL_MESSAGES, SETTINGS_MESSAGES } from '@brade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Owner = { id: string; access_token: string };
const call = (path: string, owner: Owner, id = owner.id) => `/api/database/${path}/${id}`;
const readGoals = (owner: Owner) => server.get(call('get-financial-goals', owner), owner.access_token);
const saveGoals = (owner: Owner, financial_goals: unknown, id = owner.id) =>
  server.post(call('update-financial-goals', owner, id), { financial_goals }, owner.access_token);
const readNotifications = (owner: Owner) => server.get(call('get-notification-settings', owner), owner.access_token);
const saveNotifications = (owner: Owner, body: unknown, id = owner.id) =>
  server.post(call('update-notification-settings', owner, id), body, owner.access_token);

async function demoSession(): Promise<Owner> {
  const res = await server.post('/api/signin_user', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
  return res.body;
}

describe('financial goals', () => {
  it("start as suggestions, not saved, and read back what was saved as the owner's own", async () => {
    const owner = await signUpAndConfirm(server);
    // No books yet: the suggestion is the spec's defaults, averaged from no month, and not the owner's choice.
    expect((await readGoals(owner)).body).toEqual({
      financial_goals: DEFAULT_FINANCIAL_GOALS,
      saved: false,
      suggested_from: [],
    });
    const saved = await saveGoals(owner, { margin_goal: 12, revenue_target: 9_250, retention_rate: 22 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: SETTINGS_MESSAGES.goals.success });
    expect((await readGoals(owner)).body).toEqual({
      financial_goals: { margin_goal: 12, revenue_target: 9_250, retention_rate: 22 },
      saved: true,
      suggested_from: [],
    });
    // Saving the very defaults makes them the owner's choice too.
    await saveGoals(owner, DEFAULT_FINANCIAL_GOALS);
    expect((await readGoals(owner)).body.saved).toBe(true);
    // A second save replaces the first; the limits themselves are allowed.
    await saveGoals(owner, { margin_goal: 100, revenue_target: 0, retention_rate: 30 });
    expect((await readGoals(owner)).body.financial_goals).toEqual({
      margin_goal: 100,
      revenue_target: 0,
      retention_rate: 30,
    });
  });

  it('take a typed revenue target beyond the slider, up to £1,000,000 in £10 steps', async () => {
    const owner = await signUpAndConfirm(server);
    for (const revenue_target of [20_010, 35_000, 1_000_000]) {
      expect((await saveGoals(owner, { ...DEFAULT_FINANCIAL_GOALS, revenue_target })).status).toBe(200);
      expect((await readGoals(owner)).body.financial_goals.revenue_target).toBe(revenue_target);
    }
  });

  it.each([
    ['margin_goal', { margin_goal: 101 }],
    ['margin_goal', { margin_goal: -1 }],
    ['margin_goal', { margin_goal: 8.5 }],
    ['margin_goal', { margin_goal: '8' }],
    ['revenue_target', { revenue_target: 1_000_010 }],
    ['revenue_target', { revenue_target: 1e300 }],
    ['revenue_target', { revenue_target: 6_005 }],
    ['revenue_target', { revenue_target: -10 }],
    ['retention_rate', { retention_rate: 31 }],
    ['retention_rate', { retention_rate: 14.5 }],
    ['retention_rate', { retention_rate: null }],
  ] as const)('refuse %s in %j with a sentence and store nothing', async (field, patch) => {
    const owner = await signUpAndConfirm(server);
    const res = await saveGoals(owner, { ...DEFAULT_FINANCIAL_GOALS, margin_goal: 10, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(GOAL_MESSAGES[field]);
    expect(res.body.fields[`financial_goals.${field}`]).toBe(GOAL_MESSAGES[field]);
    expect((await readGoals(owner)).body.financial_goals).toEqual(DEFAULT_FINANCIAL_GOALS);
  });

  it('refuse a body without financial_goals or with a goal missing', async () => {
    const owner = await signUpAndConfirm(server);
    const missing = await server.post(call('update-financial-goals', owner), {}, owner.access_token);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('financial_goals must hold margin_goal, revenue_target and retention_rate.');
    const partial = await saveGoals(owner, { margin_goal: 10, revenue_target: 5_000 });
    expect(partial.status).toBe(400);
    expect(partial.body.error).toBe(GOAL_MESSAGES.retention_rate);
  });

  it("answer 404 for another owner's id, 401 without a session, 403 for the demo account", async () => {
    const a = await signUpAndConfirm(server);
    const b = await signUpAndConfirm(server);
    const goals = { margin_goal: 50, revenue_target: 10_000, retention_rate: 20 };
    expect((await saveGoals(a, goals, b.id)).status).toBe(404);
    expect((await server.get(call('get-financial-goals', b), a.access_token)).status).toBe(404);
    expect((await server.post(call('update-financial-goals', b), { financial_goals: goals })).status).toBe(401);
    expect((await readGoals(b)).body.financial_goals).toEqual(DEFAULT_FINANCIAL_GOALS);

    const demo = await demoSession();
    const before = (await readGoals(demo)).body;
    const refused = await saveGoals(demo, goals);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'The demo account is read-only: its financial goals cannot be changed.',
      code: 'demo_read_only',
    });
    expect((await readGoals(demo)).body).toEqual(before);
  });
});

describe('notification settings', () => {
  it('start with everything on, as booleans', async () => {
    const owner = await signUpAndConfirm(server);
    const res = await readNotifications(owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      monthly_summary: true,
      action_required: true,
      email_notifications: true,
      vat_return_due: true,
      quarterly_update_due: true,
    });
  });

  it("take 'enable'/'disable' (as the screen sends them) and read back as booleans", async () => {
    const owner = await signUpAndConfirm(server);
    const saved = await saveNotifications(owner, {
      monthly_summary: 'disable',
      action_required: 'enable',
      email_notifications: 'disable',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: SETTINGS_MESSAGES.notifications.success });
    expect((await readNotifications(owner)).body).toEqual({
      monthly_summary: false,
      action_required: true,
      email_notifications: false,
      vat_return_due: true,
      quarterly_update_due: true,
    });
  });

  it('keep the VAT reminder (beyond the spec) when it is left out, and save it when given', async () => {
    const owner = await signUpAndConfirm(server);
    await saveNotifications(owner, { monthly_summary: 'enable', action_required: 'enable', vat_return_due: 'disable' });
    await saveNotifications(owner, { monthly_summary: 'disable', action_required: 'enable' });
    expect((await readNotifications(owner)).body).toMatchObject({ monthly_summary: false, vat_return_due: false });
    const bad = await saveNotifications(owner, {
      monthly_summary: 'enable',
      action_required: 'enable',
      vat_return_due: 'x',
    });
    expect(bad.body.fields.vat_return_due).toBe("VAT return due in 7 days must be 'enable' or 'disable'.");
  });

  it('keep the quarterly update reminder (beyond the spec) when it is left out, and save it when given', async () => {
    const owner = await signUpAndConfirm(server);
    await saveNotifications(owner, {
      monthly_summary: 'enable',
      action_required: 'enable',
      quarterly_update_due: 'disable',
    });
    await saveNotifications(owner, { monthly_summary: 'enable', action_required: 'enable', vat_return_due: 'disable' });
    expect((await readNotifications(owner)).body).toMatchObject({ quarterly_update_due: false, vat_return_due: false });
    const bad = await saveNotifications(owner, {
      monthly_summary: 'enable',
      action_required: 'enable',
      quarterly_update_due: 'soon',
    });
    expect(bad.body.fields.quarterly_update_due).toBe("Quarterly update due must be 'enable' or 'disable'.");
  });

  it('take booleans too, and keep the hidden e-mail switch when it is left out', async () => {
    const owner = await signUpAndConfirm(server);
    await saveNotifications(owner, { monthly_summary: true, action_required: true, email_notifications: false });
    await saveNotifications(owner, { monthly_summary: false, action_required: 'disable' });
    expect((await readNotifications(owner)).body).toEqual({
      monthly_summary: false,
      action_required: false,
      email_notifications: false,
      vat_return_due: true,
      quarterly_update_due: true,
    });
  });

  it.each([
    ['monthly_summary', { monthly_summary: 'yes' }, "Monthly Summary must be 'enable' or 'disable'."],
    ['monthly_summary', { monthly_summary: 1 }, "Monthly Summary must be 'enable' or 'disable'."],
    ['action_required', { action_required: null }, "Action Required must be 'enable' or 'disable'."],
    ['action_required', { action_required: 'ENABLE' }, "Action Required must be 'enable' or 'disable'."],
    ['email_notifications', { email_notifications: 'off' }, "Email Notifications must be 'enable' or 'disable'."],
  ] as const)('refuse %s in %j with a sentence and store nothing', async (field, patch, message) => {
    const owner = await signUpAndConfirm(server);
    const res = await saveNotifications(owner, { monthly_summary: 'disable', action_required: 'disable', ...patch });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.fields[field]).toBe(message);
    expect((await readNotifications(owner)).body).toEqual({
      monthly_summary: true,
      action_required: true,
      email_notifications: true,
      vat_return_due: true,
      quarterly_update_due: true,
    });
  });

  it("answer 404 for another owner's id, 401 without a session, 403 for the demo account", async () => {
    const a = await signUpAndConfirm(server);
    const b = await signUpAndConfirm(server);
    const body = { monthly_summary: 'disable', action_required: 'disable', email_notifications: 'disable' };
    expect((await saveNotifications(a, body, b.id)).status).toBe(404);
    expect((await server.get(call('get-notification-settings', b), a.access_token)).status).toBe(404);
    expect((await server.post(call('update-notification-settings', b), body)).status).toBe(401);
    expect((await server.get(call('get-notification-settings', b))).status).toBe(401);
    expect((await readNotifications(b)).body.monthly_summary).toBe(true);

    const demo = await demoSession();
    const refused = await saveNotifications(demo, body);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('The demo account is read-only: its notification settings cannot be changed.');
    expect((await readNotifications(demo)).body.monthly_summary).toBe(true);
  });
});
