import { londonDateOf } from '@brade/contract';
import { enableBanking, generateSalonData } from '@brade/sandbox';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pressConsentButton } from '../../../test/consent-form-browser.js';
import { providerFailure } from '../../../test/provider-failure.js';
import type { EnableBankingEndpoint } from '../../provider-endpoint.js';
import type { OpenBankingProvider } from '../open-banking-provider.js';
import { bankIdOf, createEnableBankingProvider } from './enable-banking-provider.js';
import { accountKey } from './enable-banking-transform.js';
import { SANDBOX_APPLICATION_ID, sandboxApplicationKeys } from './sandbox-application.js';

const SEED = 'enable-banking-provider-test';
const NOW = new Date('2026-06-15T17:30:00Z');
const REDIRECT = 'http://127.0.0.1:5999/gocardless-redirect';
const MOCK = bankIdOf({ name: 'Mock ASPSP', country: 'GB' });
const DAY = 86_400_000;

let sim: Awaited<ReturnType<typeof enableBanking.startEnableBankingSimulator>>;
let endpoint: EnableBankingEndpoint;
let clock: Date;
let bank: OpenBankingProvider;

beforeAll(async () => {
  const { publicKey } = await sandboxApplicationKeys();
  sim = await enableBanking.startEnableBankingSimulator({
    seed: SEED,
    now: () => NOW,
    applications: [{ id: SANDBOX_APPLICATION_ID, publicKey, redirectUrls: [REDIRECT] }],
    pageSize: 40,
  });
  endpoint = {
    sandbox: true,
    applicationId: SANDBOX_APPLICATION_ID,
    privateKeyPem: null,
    apiBaseUrl: sim.url,
  };
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.control.reset();
  clock = NOW;
  bank = createEnableBankingProvider(endpoint, { retry: { initialDelayMs: 1, maxDelayMs: 5 }, now: () => clock });
});
afterEach(() => vi.restoreAllMocks());

/** Moves both clocks: the simulator's and Brade's. */
function advance(ms: number) {
  sim.control.advanceClock(ms);
  clock = new Date(clock.getTime() + ms);
}

/** Start a link and answer the bank's page as the owner would; returns where the bank sent the owner back. */
async function consent(decision: 'approve' | 'deny', state = 'state-1') {
  const link = await bank.startLink({ bankId: MOCK, redirectUrl: REDIRECT, state });
  expect(link.linkId).toBeNull();
  return pressConsentButton(link.url, decision);
}

async function linked() {
  const back = await consent('approve');
  const completed = await bank.completeLink({ linkId: null, code: back.searchParams.get('code') });
  return { completed, account: completed.accounts[0]! };
}

/** The booked records the simulator serves for these days (debits of the last two London days are pending). */
/** The ISO family and sub-family the simulator gives each UK statement code; the adapter passes them on. */
const ISO_CODES: Record<string, string> = {
  FPI: 'RCDT-DMCT',
  FPO: 'ICDT-DMCT',
  SO: 'ICDT-STDO',
  DD: 'IDDT-PMDD',
  BGC: 'RCDT-DMCT',
  DEB: 'CCRD-POSD',
  CHG: 'MDOP-CHRG',
  TFR: 'ICDT-BOOK',
};

function expectedBooked(from: string, identity: string) {
  const today = londonDateOf(clock);
  const pendingFrom = londonDateOf(new Date(clock.getTime() - DAY));
  return generateSalonData({ seed: SEED, from, to: today })
    .bank.filter((r) => r.occurredAt <= clock)
    .filter((r) => !(r.amountPence < 0 && londonDateOf(r.occurredAt) >= pendingFrom))
    .map((r) => ({
      provider: 'bank',
      externalId: `eb:${accountKey(identity)}:${r.id}`,
      occurredAt: new Date(`${londonDateOf(r.occurredAt)}T12:00:00Z`),
      amountPence: r.amountPence,
      description: r.description,
      counterparty: r.counterparty,
      bankCode: ISO_CODES[r.description.split(' ')[0]!],
    }))
    .sort((a, b) => a.externalId.localeCompare(b.externalId));
}

const byKey = <T extends { externalId: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.externalId.localeCompare(b.externalId));

/** Generous: the simulator builds 18 months of statements on first use, on a machine that may be busy. */

describe('Enable Banking banks and consent', () => {
  it('lists the UK business banks with Mock ASPSP first, by name and country', async () => {
    const banks = await bank.listBanks();
    expect(banks[0]).toEqual({ id: 'GB:Mock ASPSP', name: 'Mock ASPSP' });
    expect(banks.map((b) => b.name)).toContain('Barclays Business');
    expect(banks.map((b) => b.name)).not.toContain('Halifax');
  });

  it('asks for the bank’s maximum consent less an hour and returns the session’s account on Approve', async () => {
    const back = await consent('approve', 'the-state');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('the-state');
    const completed = await bank.completeLink({ linkId: null, code: back.searchParams.get('code') });
    expect(completed.status).toBe('linked');
    expect(completed.consentExpiresAt).toEqual(new Date(NOW.getTime() + 90 * DAY - 3600_000));
    expect(completed.accounts).toHaveLength(1);
    expect(completed.accounts[0]!.identity).toMatch(/\./);
  });

  it('brings Deny back with the state and an error; a missing or replayed code connects nothing', async () => {
    const denied = await consent('deny', 'denied-state');
    expect([denied.searchParams.get('error'), denied.searchParams.get('state')]).toEqual([
      'access_denied',
      'denied-state',
    ]);
    expect((await providerFailure(bank.completeLink({ linkId: null, code: null }))).failure).toBe('rejected');
    const back = await consent('approve');
    const code = back.searchParams.get('code');
    await bank.completeLink({ linkId: null, code });
    const replay = await providerFailure(bank.completeLink({ linkId: null, code }));
    expect([replay.failure, replay.providerCode]).toEqual(['rejected', 'ALREADY_AUTHORIZED']);
  });

  it('is refused a redirect the application has not registered', async () => {
    const error = await providerFailure(
      bank.startLink({ bankId: MOCK, redirectUrl: 'https://evil.example/gocardless-redirect', state: 's' }),
    );
    expect([error.failure, error.providerCode]).toEqual(['rejected', 'REDIRECT_URI_NOT_ALLOWED']);
    expect(
      (await providerFailure(bank.startLink({ bankId: 'GB:Nope', redirectUrl: REDIRECT, state: 's' }))).failure,
    ).toBe('rejected');
  });
});

describe('Enable Banking transactions and balances', () => {
  it('pages through every booked line of the window with continuation keys, keyed by account and entry reference', async () => {
    const { account } = await linked();
    const spy = vi.spyOn(globalThis, 'fetch');
    const result = await bank.fetchTransactions(account, { dateFrom: '2026-04-01', dateTo: '2026-06-15' });
    const pages = spy.mock.calls
      .filter(([url]) => String(url).includes('/transactions'))
      .map(([url]) => new URL(String(url)));
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.slice(1).every((url) => url.searchParams.get('continuation_key'))).toBe(true);
    expect(pages.every((url) => url.searchParams.get('transaction_status') === 'BOOK')).toBe(true);
    expect(byKey(result.transactions)).toEqual(expectedBooked('2026-04-01', account.identity));
    expect(result.remainingToday).toBeNull();
  });

  it('asks for the earliest the bank holds when the first import reaches further back than it keeps', async () => {
    const { account } = await linked();
    const result = await bank.fetchTransactions(account, { dateFrom: '2024-06-15', dateTo: '2026-06-15' });
    const earliest = result.transactions.map((t) => londonDateOf(t.occurredAt)).sort()[0]!;
    expect(earliest > '2024-06-15').toBe(true);
    expect(earliest < '2025-01-15').toBe(true);
  });

  it('reads the booked and available balance with the bank’s date', async () => {
    const { account } = await linked();
    const balance = await bank.fetchBalance(account);
    expect(balance).toMatchObject({ currency: 'GBP', referenceDate: '2026-06-15' });
    expect(balance!.availablePence).toBeLessThanOrEqual(balance!.bookedPence);
  });

  it('hands back the bank’s daily allowance as a wait until the next day, and rides out short 429s and 500s', async () => {
    const { account } = await linked();
    const window = { dateFrom: '2026-06-10', dateTo: '2026-06-15' };
    sim.control.injectFaults({ status: 429, count: 2, retryAfterSeconds: 0, pathPrefix: '/accounts' });
    sim.control.injectFaults({ status: 500, count: 1, pathPrefix: '/accounts' });
    for (let i = 0; i < 4; i++) await bank.fetchTransactions(account, window);
    const error = await providerFailure(bank.fetchTransactions(account, window));
    const untilMidnightUtc = (Date.parse('2026-06-16T00:00:00Z') - NOW.getTime()) / 1000;
    expect([error.failure, error.status, error.providerCode, error.retryAfterSeconds]).toEqual([
      'retryable',
      429,
      'ASPSP_RATE_LIMIT_EXCEEDED',
      untilMidnightUtc,
    ]);
  });

  it('needs a new consent once it expires, which brings new uids but the same row keys', async () => {
    const first = await linked();
    // Before the days whose debits are still pending today (they are booked by the time of the renewal).
    const window = { dateFrom: '2026-06-01', dateTo: '2026-06-12' };
    const before = await bank.fetchTransactions(first.account, window);
    advance(90 * DAY);
    const ended = await providerFailure(bank.fetchTransactions(first.account, window));
    expect([ended.failure, ended.providerCode]).toEqual(['reauthorize', 'EXPIRED_SESSION']);
    expect((await providerFailure(bank.fetchBalance(first.account))).failure).toBe('reauthorize');

    const renewed = await linked();
    expect(renewed.account.id).not.toBe(first.account.id);
    expect(renewed.account.identity).toBe(first.account.identity);
    const after = await bank.fetchTransactions(renewed.account, window);
    expect(byKey(after.transactions).map((t) => t.externalId)).toEqual(
      byKey(before.transactions).map((t) => t.externalId),
    );
  });

  it('ends a link by deleting the session; ending it again is harmless', async () => {
    const { completed, account } = await linked();
    await bank.endLink(completed.linkId);
    await expect(bank.endLink(completed.linkId)).resolves.toBeUndefined();
    await expect(bank.endLink('00000000-0000-4000-8000-000000000000')).resolves.toBeUndefined();
    const closed = await providerFailure(
      bank.fetchTransactions(account, { dateFrom: '2026-06-01', dateTo: '2026-06-15' }),
    );
    expect([closed.failure, closed.providerCode]).toEqual(['reauthorize', 'CLOSED_SESSION']);
  });
});

describe('the application JWT', () => {
  const tokensSent = (spy: { mock: { calls: Array<[unknown, RequestInit?]> } }) =>
    new Set(spy.mock.calls.map(([, init]) => (init?.headers as Record<string, string> | undefined)?.authorization));

  it('signs one JWT for many calls and a new one shortly before it ends', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    await bank.listBanks();
    await bank.listBanks();
    expect(tokensSent(spy).size).toBe(1);
    advance(56 * 60_000);
    await bank.listBanks();
    expect(tokensSent(spy).size).toBe(2);
  });

  it('signs again once when Enable Banking refuses it as expired, and fails as a rejection while the clocks disagree', async () => {
    await bank.listBanks();
    const spy = vi.spyOn(globalThis, 'fetch');
    sim.control.advanceClock(2 * 3600_000);
    const refused = await providerFailure(bank.listBanks());
    expect([refused.failure, refused.status, refused.providerCode]).toEqual(['rejected', 401, 'UNAUTHORIZED_ACCESS']);
    expect(refused.message).toMatch(/expired/);
    expect(spy.mock.calls).toHaveLength(2);
    clock = new Date(NOW.getTime() + 2 * 3600_000);
    expect((await bank.listBanks())[0]!.name).toBe('Mock ASPSP');
  });

  it('replaces a refused JWT with a fresh one and carries on', async () => {
    await bank.listBanks();
    const real = globalThis.fetch;
    let refuseOnce = true;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (!refuseOnce) return real(input, init);
      refuseOnce = false;
      return new Response(JSON.stringify({ code: 401, message: 'Unauthorized access', error: 'UNAUTHORIZED_ACCESS' }), {
        status: 401,
      });
    });
    advance(60_000);
    expect((await bank.listBanks())[0]!.name).toBe('Mock ASPSP');
    expect(tokensSent(spy).size).toBe(2);
  });
});
