import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateSalonData } from '../../salon-data/generate';
import { londonDateOf } from '../../salon-data/london-time';
import { submitConsent } from '../common/consent-form-reader';
import { type LooseJson, readJson } from '../common/loose-json';
import { addDays } from '../common/salon-data-window';
import type { RunningSimulator } from '../common/simulator-harness-types';
import { startGocardlessSimulator } from './index';

const SEED = 'gocardless-test-salon';
const NOW = new Date('2026-06-15T17:30:00Z');
const TODAY = londonDateOf(NOW);
const REDIRECT = 'http://127.0.0.1:5999/gocardless-redirect';
const API = '/api/v2';

let sim: RunningSimulator;
let access = '';

beforeAll(async () => {
  sim = await startGocardlessSimulator({ seed: SEED, now: () => NOW, redirectUris: [REDIRECT] });
});
afterAll(() => sim.close());
beforeEach(async () => {
  sim.control.reset();
  const tokens = await readJson(post('/token/new/', { secret_id: 'id', secret_key: 'key' }, ''));
  access = tokens.access;
});

function post(path: string, body: unknown, token = access) {
  return fetch(`${sim.url}${API}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}
const get = (path: string, token = access) =>
  fetch(`${sim.url}${API}${path}`, { headers: { authorization: `Bearer ${token}` } });

/** Agreement → requisition → consent page → decision; returns the requisition and where the bank sent the user. */
async function connect(decision: 'approve' | 'deny', agreementFields: Record<string, unknown> = {}) {
  const agreementResponse = await post('/agreements/enduser/', {
    institution_id: 'SANDBOXFINANCE_SFIN0000',
    max_historical_days: 730,
    access_valid_for_days: 90,
    access_scope: ['balances', 'details', 'transactions'],
    ...agreementFields,
  });
  expect(agreementResponse.status).toBe(201);
  const agreement = await readJson(agreementResponse);
  const created = await post('/requisitions/', {
    redirect: REDIRECT,
    institution_id: 'SANDBOXFINANCE_SFIN0000',
    reference: `ref-${decision}-${Math.random()}`,
    agreement: agreement.id,
    user_language: 'EN',
  });
  expect(created.status).toBe(201);
  const requisition = await readJson(created);
  expect(requisition).toMatchObject({ status: 'CR', accounts: [] });
  const page = await fetch(requisition.link);
  const html = await page.text();
  expect(html).not.toContain('<script');
  const redirect = await submitConsent(html, decision);
  const after = await readJson(get(`/requisitions/${requisition.id}/`));
  return { requisition: after as LooseJson, redirect, reference: requisition.reference as string };
}

const transactions = (accountId: string, from: string, to: string) =>
  get(`/accounts/${accountId}/transactions/?date_from=${from}&date_to=${to}`);

const pence = (amount: string) => Math.round(Number(amount) * 100);

describe('GoCardless Bank Account Data', () => {
  it('issues tokens, refreshes them and rejects bad ones', async () => {
    const tokens = await readJson(post('/token/new/', { secret_id: 'id', secret_key: 'key' }, ''));
    expect(tokens).toMatchObject({ access_expires: 86400, refresh_expires: 2592000 });
    const refreshed = await readJson(post('/token/refresh/', { refresh: tokens.refresh }, ''));
    expect(refreshed.access_expires).toBe(86400);
    expect((await get('/institutions/?country=gb', refreshed.access)).status).toBe(200);
    const bad = await get('/institutions/?country=gb', 'nope');
    expect(bad.status).toBe(401);
    expect(await readJson(bad)).toMatchObject({ status_code: 401, summary: expect.any(String) });
    sim.control.expireToken(tokens.access);
    expect((await get('/institutions/', tokens.access)).status).toBe(401);
  });

  it('lists UK institutions with the sandbox bank first', async () => {
    const list = await readJson(get('/institutions/?country=gb'));
    expect(list[0]).toMatchObject({ id: 'SANDBOXFINANCE_SFIN0000', name: 'Sandbox Finance', countries: ['GB'] });
    expect(list.length).toBeGreaterThan(10);
    expect(typeof list[0].transaction_total_days).toBe('string');
    expect((await fetch(list[0].logo)).headers.get('content-type')).toContain('svg');
    expect((await get('/institutions/BARCLAYS_BUKBGB22')).status).toBe(200);
  });

  it('rejects agreements longer than the bank allows', async () => {
    const response = await post('/agreements/enduser/', {
      institution_id: 'SANDBOXFINANCE_SFIN0000',
      access_valid_for_days: 180,
    });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toMatchObject({ status_code: 400, access_valid_for_days: expect.any(Object) });
  });

  it('links an account on Approve and serves booked transactions equal to the generator, plus pending', {
    timeout: 30_000,
  }, async () => {
    const { requisition, redirect, reference } = await connect('approve');
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT);
    expect(redirect.searchParams.get('ref')).toBe(reference);
    expect(requisition.status).toBe('LN');
    expect(requisition.accounts).toHaveLength(1);
    const accountId = requisition.accounts[0];

    const from = addDays(TODAY, -180);
    const response = await transactions(accountId, from, TODAY);
    expect(response.status).toBe(200);
    const { booked, pending } = (await readJson(response)).transactions;
    const bank = generateSalonData({ seed: SEED, from, to: TODAY }).bank.filter((b) => b.occurredAt <= NOW);
    const bookedTo = addDays(TODAY, -2);
    const bookedOnly = (b: { amountPence: number; occurredAt: Date }) =>
      b.amountPence > 0 || londonDateOf(b.occurredAt) <= bookedTo;
    const sum = (list: { transactionAmount: { amount: string } }[]) =>
      list.reduce((total, t) => total + pence(t.transactionAmount.amount), 0);

    expect(pending.length).toBeGreaterThan(0);
    expect(booked.length + pending.length).toBe(bank.length);
    expect(sum(booked)).toBe(bank.filter(bookedOnly).reduce((s, b) => s + b.amountPence, 0));
    expect(sum(booked) + sum(pending)).toBe(bank.reduce((s, b) => s + b.amountPence, 0));
    const bookedIds = new Set(booked.map((t: LooseJson) => t.transactionId));
    expect(pending.every((t: LooseJson) => !bookedIds.has(t.transactionId) && !t.bookingDate)).toBe(true);
    expect(pending.every((t: LooseJson) => pence(t.transactionAmount.amount) < 0)).toBe(true);
    const rent = booked.find((t: LooseJson) => t.transactionAmount.amount.startsWith('-'));
    expect(rent).toMatchObject({
      creditorName: expect.any(String),
      bookingDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(rent.bankTransactionCode).toMatch(/^[A-Z]{4}-[A-Z]{4}-[A-Z]{4}$/);

    const details = await readJson(get(`/accounts/${accountId}/details/`));
    expect(details.account.iban).toMatch(/^GB\d{2}[A-Z0-9]{18}$/);
    const balances = await readJson(get(`/accounts/${accountId}/balances/`));
    expect(balances.balances.map((b: LooseJson) => b.balanceType)).toContain('interimBooked');
  });

  it('allows 4 successful transactions calls a day, answers the 5th with 429 and headers, and resets next day', async () => {
    const { requisition } = await connect('approve');
    const accountId = requisition.accounts[0];
    for (let call = 1; call <= 4; call++) {
      const ok = await transactions(accountId, addDays(TODAY, -7), TODAY);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('http_x_ratelimit_account_success_remaining')).toBe(String(4 - call));
      expect(ok.headers.get('x-ratelimit-account-success-limit')).toBe('4');
      expect(ok.headers.get('HTTP_X_RATELIMIT_LIMIT')).toBe('100');
    }
    const limited = await transactions(accountId, addDays(TODAY, -7), TODAY);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('HTTP_X_RATELIMIT_ACCOUNT_SUCCESS_REMAINING')).toBe('0');
    const reset = Number(limited.headers.get('HTTP_X_RATELIMIT_ACCOUNT_SUCCESS_RESET'));
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(86_400);
    expect(await readJson(limited)).toMatchObject({ summary: 'Rate limit exceeded', status_code: 429 });
    // Other scopes have their own allowance.
    expect((await get(`/accounts/${accountId}/balances/`)).status).toBe(200);

    sim.control.advanceClock(reset * 1000);
    expect((await transactions(accountId, addDays(TODAY, -7), TODAY)).status).toBe(200);
  });

  it('answers AccessExpiredError and shows EX once the consent expires', async () => {
    const { requisition } = await connect('approve', { access_valid_for_days: 30 });
    const accountId = requisition.accounts[0];
    sim.control.advanceClock(31 * 86_400_000);
    const tokens = await readJson(post('/token/new/', { secret_id: 'id', secret_key: 'key' }, ''));
    const expired = await get(`/accounts/${accountId}/transactions/`, tokens.access);
    expect(expired.status).toBe(401);
    expect(await readJson(expired)).toMatchObject({ type: 'AccessExpiredError', status_code: 401 });
    expect((await readJson(get(`/requisitions/${requisition.id}/`, tokens.access))).status).toBe('EX');
  });

  it('expires a consent on demand through the control', async () => {
    const { requisition } = await connect('approve');
    sim.control.expireConsent(requisition.id);
    expect((await get(`/accounts/${requisition.accounts[0]}/balances/`)).status).toBe(401);
  });

  it('marks the requisition RJ on Deny and redirects with ref and error', async () => {
    const { requisition, redirect, reference } = await connect('deny');
    expect(requisition.status).toBe('RJ');
    expect(requisition.accounts).toEqual([]);
    expect(redirect.searchParams.get('ref')).toBe(reference);
    expect(redirect.searchParams.get('error')).toBeTruthy();
  });

  it('accepts account paths without the trailing slash and deletes requisitions', async () => {
    const { requisition } = await connect('approve');
    expect((await get(`/accounts/${requisition.accounts[0]}`)).status).toBe(200);
    const deleted = await fetch(`${sim.url}${API}/requisitions/${requisition.id}/`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(deleted.status).toBe(200);
    expect((await get(`/accounts/${requisition.accounts[0]}/details/`)).status).toBe(404);
  });
});
