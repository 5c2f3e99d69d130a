import { londonDateOf } from '@brade/contract';
import { generateSalonData, gocardless } from '@brade/sandbox';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { pressConsentButton } from '../../../test/consent-form-browser.js';
import { providerFailure } from '../../../test/provider-failure.js';
import type { ProviderEndpoint } from '../../provider-endpoint.js';
import type { OpenBankingProvider } from '../open-banking-provider.js';
import { createGoCardlessProvider } from './gocardless-provider.js';

const SEED = 'gocardless-provider-test';
const NOW = new Date('2026-06-15T17:30:00Z');
const REDIRECT = 'http://127.0.0.1:5999/gocardless-redirect';
const SANDBOX = 'SANDBOXFINANCE_SFIN0000';
const DAY = 86_400_000;

let sim: Awaited<ReturnType<typeof gocardless.startGocardlessSimulator>>;
let endpoint: ProviderEndpoint;
let clock: Date;
let bank: OpenBankingProvider;

beforeAll(async () => {
  sim = await gocardless.startGocardlessSimulator({ seed: SEED, now: () => NOW, redirectUris: [REDIRECT] });
  endpoint = {
    sandbox: true,
    clientId: 'brade-id',
    clientSecret: 'brade-key',
    authBaseUrl: sim.url,
    apiBaseUrl: sim.url,
  };
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.control.reset();
  clock = NOW;
  bank = createGoCardlessProvider(endpoint, { retry: { initialDelayMs: 1, maxDelayMs: 5 }, now: () => clock });
});
afterEach(() => vi.restoreAllMocks());

/** The simulator's own view, read with a token of our own (to check what the provider asked for). */
async function simGet(route: string): Promise<Record<string, unknown>> {
  const tokenResponse = await fetch(`${sim.url}/api/v2/token/new/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ secret_id: 'inspector', secret_key: 'inspector' }),
  });
  const { access } = (await tokenResponse.json()) as { access: string };
  const response = await fetch(`${sim.url}/api/v2${route}`, { headers: { authorization: `Bearer ${access}` } });
  return (await response.json()) as Record<string, unknown>;
}

/** Start a link and approve it at the bank as the owner would; returns the linked account. */
async function linkedAccount(bankId = SANDBOX) {
  const link = await bank.startLink({ bankId, redirectUrl: REDIRECT, state: 'ref-approve' });
  const back = await pressConsentButton(link.url, 'approve');
  expect(back.toString()).toBe(`${REDIRECT}?ref=ref-approve`);
  const state = await bank.completeLink({ linkId: link.linkId, code: null });
  return { link, state, account: state.accounts[0]! };
}

const complete = (linkId: string | null) => bank.completeLink({ linkId, code: null });

/** The booked bank records the simulator serves for these days (debits of the last two London days are pending). */
function expectedBooked(from: string, to: string) {
  const today = londonDateOf(NOW);
  const pendingFrom = londonDateOf(new Date(NOW.getTime() - DAY));
  const data = generateSalonData({ seed: SEED, from, to });
  return data.bank
    .filter((r) => r.occurredAt <= NOW && londonDateOf(r.occurredAt) <= today)
    .filter((r) => !(r.amountPence < 0 && londonDateOf(r.occurredAt) >= pendingFrom))
    .map((r) => ({
      provider: 'bank',
      externalId: r.id,
      occurredAt: r.occurredAt,
      amountPence: r.amountPence,
      description: r.description,
      counterparty: r.counterparty,
      // The statement's own code (FPI, DD…), which the simulator also prints first in the description.
      bankCode: r.description.split(' ')[0],
    }))
    .sort((a, b) => a.externalId.localeCompare(b.externalId));
}

/** Generous: the simulator builds 18 months of statements on first use, on a machine that may be busy. */

describe('GoCardless banks and consent', () => {
  it('lists the UK banks with the sandbox bank first', async () => {
    const banks = await bank.listBanks();
    expect(banks[0]).toEqual({ id: SANDBOX, name: 'Sandbox Finance' });
    expect(banks.map((b) => b.id)).toEqual(gocardless.ukInstitutions(sim.url).map((i) => i.id));
  });

  it('asks for the bank’s full history, 90 days of access and the three scopes, returning to Brade in English', async () => {
    const link = await bank.startLink({ bankId: 'TIDE_TIDEGB22', redirectUrl: REDIRECT, state: 'ref-1' });
    expect(link.url).toBe(`${sim.url}/psd2/start/${link.linkId}/TIDE_TIDEGB22`);
    const requisition = await simGet(`/requisitions/${link.linkId}/`);
    expect(requisition).toMatchObject({ redirect: REDIRECT, reference: 'ref-1', user_language: 'EN', status: 'CR' });
    expect(await simGet(`/agreements/enduser/${requisition.agreement}/`)).toMatchObject({
      institution_id: 'TIDE_TIDEGB22',
      max_historical_days: 540,
      access_valid_for_days: 90,
      access_scope: ['balances', 'details', 'transactions'],
    });
  });

  it('follows the consent from pending to linked, with the account and when the consent ends', async () => {
    const link = await bank.startLink({ bankId: SANDBOX, redirectUrl: REDIRECT, state: 'ref-2' });
    const pending = { status: 'pending', linkId: link.linkId, accounts: [], consentExpiresAt: null };
    expect(await complete(link.linkId)).toEqual(pending);
    await pressConsentButton(link.url, 'approve');
    const state = await complete(link.linkId);
    expect(state.status).toBe('linked');
    expect(state.accounts).toHaveLength(1);
    expect(state.consentExpiresAt).toEqual(new Date(NOW.getTime() + 90 * DAY));
  });

  it('gives a renewed consent’s new account id the same identity (its IBAN, hashed)', async () => {
    const first = await linkedAccount();
    const second = await linkedAccount();
    expect(second.account.id).not.toBe(first.account.id);
    expect(second.account.identity).toBe(first.account.identity);
    expect(first.account.identity).toMatch(/^iban:[0-9a-f]{32}$/);
  });

  it('brings Deny back with the reference and an error, and the link reads as rejected', async () => {
    const link = await bank.startLink({ bankId: SANDBOX, redirectUrl: REDIRECT, state: 'ref-deny' });
    const back = await pressConsentButton(link.url, 'deny');
    expect(back.searchParams.get('ref')).toBe('ref-deny');
    expect(back.searchParams.get('error')).toBe('UserCancelledSession');
    expect(await complete(link.linkId)).toMatchObject({ status: 'rejected', accounts: [] });
  });

  it('ends a link by deleting the requisition; ending it again is harmless', async () => {
    const { link, account } = await linkedAccount();
    await bank.endLink(link.linkId!);
    await expect(bank.endLink(link.linkId!)).resolves.toBeUndefined();
    const gone = await providerFailure(
      bank.fetchTransactions(account, { dateFrom: '2026-06-01', dateTo: '2026-06-15' }),
    );
    expect(gone.failure).toBe('reauthorize');
    expect((await providerFailure(complete(link.linkId))).failure).toBe('rejected');
  });

  it('reports an expired consent as needing a reconnect', async () => {
    const { link, account } = await linkedAccount();
    sim.control.expireConsent(link.linkId!);
    const error = await providerFailure(
      bank.fetchTransactions(account, { dateFrom: '2026-06-01', dateTo: '2026-06-15' }),
    );
    expect([error.failure, error.providerCode]).toEqual(['reauthorize', 'AccessExpiredError']);
    expect((await complete(link.linkId)).status).toBe('expired');
    expect((await providerFailure(bank.fetchBalance(account))).failure).toBe('reauthorize');
  });
});

describe('GoCardless transactions', () => {
  it('imports exactly the booked statement lines of the window, with the calls left today', async () => {
    const { account } = await linkedAccount();
    const result = await bank.fetchTransactions(account, { dateFrom: '2026-04-01', dateTo: '2026-06-15' });
    const rows = [...result.transactions].sort((a, b) => a.externalId.localeCompare(b.externalId));
    expect(rows).toEqual(expectedBooked('2026-04-01', '2026-06-15'));
    expect(rows.length).toBeGreaterThan(100);
    expect(result.remainingToday).toBe(3);
  });

  it('counts down the bank’s 4 calls a day, then hands back the wait until the limit resets', async () => {
    const { account } = await linkedAccount();
    const window = { dateFrom: '2026-06-10', dateTo: '2026-06-15' };
    const left: Array<number | null> = [];
    for (let i = 0; i < 4; i++) left.push((await bank.fetchTransactions(account, window)).remainingToday);
    expect(left).toEqual([3, 2, 1, 0]);
    const error = await providerFailure(bank.fetchTransactions(account, window));
    const untilMidnightUtc = (Date.parse('2026-06-16T00:00:00Z') - NOW.getTime()) / 1000;
    expect([error.failure, error.status, error.retryAfterSeconds]).toEqual(['retryable', 429, untilMidnightUtc]);
    sim.control.resetDailyCounters();
    expect((await bank.fetchTransactions(account, window)).remainingToday).toBe(3);
  });

  it('rides out injected rate limits and server errors without spending the daily calls', async () => {
    const { account } = await linkedAccount();
    sim.control.injectFaults({ status: 429, count: 2, retryAfterSeconds: 0, pathPrefix: '/api/v2/accounts' });
    sim.control.injectFaults({ status: 500, count: 1, pathPrefix: '/api/v2/accounts' });
    const result = await bank.fetchTransactions(account, { dateFrom: '2026-06-01', dateTo: '2026-06-15' });
    expect(result.transactions).toHaveLength(expectedBooked('2026-06-01', '2026-06-15').length);
    expect(result.remainingToday).toBe(3);
  });

  it('reads the booked and available balance with the bank’s date', async () => {
    const { account } = await linkedAccount();
    const balance = await bank.fetchBalance(account);
    expect(balance).toMatchObject({ currency: 'GBP', referenceDate: '2026-06-15' });
    expect(balance!.availablePence).toBeLessThanOrEqual(balance!.bookedPence);
  });

  it('gives up on an outage after the retry budget, as retryable', async () => {
    sim.control.injectFaults({ status: 500, count: 10, pathPrefix: '/api/v2/institutions' });
    const error = await providerFailure(bank.listBanks());
    expect([error.failure, error.status]).toEqual(['retryable', 500]);
  });
});

describe('GoCardless API token', () => {
  const tokenCalls = (spy: MockInstance<typeof fetch>, kind: 'new' | 'refresh') =>
    spy.mock.calls.filter(([url]) => String(url).endsWith(`/api/v2/token/${kind}/`)).length;

  it('gets one token for many calls, refreshes it after a day and starts again when GoCardless forgets it', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    await linkedAccount();
    await bank.listBanks();
    expect([tokenCalls(spy, 'new'), tokenCalls(spy, 'refresh')]).toEqual([1, 0]);

    sim.control.advanceClock(DAY + 60_000);
    clock = new Date(NOW.getTime() + DAY + 60_000);
    await bank.listBanks();
    expect([tokenCalls(spy, 'new'), tokenCalls(spy, 'refresh')]).toEqual([1, 1]);

    sim.control.expireToken();
    await bank.listBanks();
    expect([tokenCalls(spy, 'new'), tokenCalls(spy, 'refresh')]).toEqual([2, 2]);
  });

  it('shares one token request between calls made at the same time', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    await Promise.all([bank.listBanks(), bank.listBanks(), bank.listBanks()]);
    expect(tokenCalls(spy, 'new')).toBe(1);
  });
});
