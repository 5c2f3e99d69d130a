import { generateKeyPair, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateSalonData } from '../../salon-data/generate';
import { londonDateOf } from '../../salon-data/london-time';
import { submitConsent } from '../common/consent-form-reader';
import { type LooseJson, readJson } from '../common/loose-json';
import { addDays, HISTORY_DAYS } from '../common/salon-data-window';
import { PENDING_DAYS } from '../gocardless/bank-statement-feed';
import { openingBalancePence } from '../gocardless/business-account';
import { startEnableBankingSimulator } from './index';

const SEED = 'enable-banking-test-salon';
const NOW = new Date('2026-06-15T17:30:00Z');
const TODAY = londonDateOf(NOW);
const REDIRECT = 'http://127.0.0.1:5999/gocardless-redirect';
const MOCK = { name: 'Mock ASPSP', country: 'GB' };
const DAY = 86_400_000;
const APPLICATION_ID = '0c0ffee0-1111-4222-8333-444455556666';

let sim: Awaited<ReturnType<typeof startEnableBankingSimulator>>;
let privateKey: KeyObject;
/** How far the test moved the simulator's clock: JWTs are issued on the simulator's time. */
let advanced = 0;
const advance = (ms: number) => {
  advanced += ms;
  sim.control.advanceClock(ms);
};
const simSeconds = () => Math.floor((NOW.getTime() + advanced) / 1000);

beforeAll(async () => {
  const keys = await new Promise<{ publicKey: KeyObject; privateKey: KeyObject }>((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: 2048 }, (error, publicKey, privateKey) =>
      error ? reject(error) : resolve({ publicKey, privateKey }),
    ),
  );
  privateKey = keys.privateKey;
  sim = await startEnableBankingSimulator({
    seed: SEED,
    now: () => NOW,
    applications: [{ id: APPLICATION_ID, publicKey: keys.publicKey, redirectUrls: [REDIRECT] }],
    pageSize: 50,
  });
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.control.reset();
  advanced = 0;
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The application's own JWT, signed the way Enable Banking's samples sign it. */
function jwt(options: { key?: KeyObject; kid?: string; iat?: number; lifetime?: number } = {}) {
  const iat = options.iat ?? simSeconds();
  const head = b64({ typ: 'JWT', alg: 'RS256', kid: options.kid ?? APPLICATION_ID });
  const claims = b64({
    iss: 'enablebanking.com',
    aud: 'api.enablebanking.com',
    iat,
    exp: iat + (options.lifetime ?? 3600),
  });
  const signature = sign('sha256', Buffer.from(`${head}.${claims}`), options.key ?? privateKey).toString('base64url');
  return `${head}.${claims}.${signature}`;
}

function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(`${sim.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${jwt()}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}
const get = (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers);

function authRequest(overrides: Record<string, unknown> = {}) {
  return {
    access: { valid_until: new Date(NOW.getTime() + 90 * DAY - 3600_000).toISOString(), balances: true },
    aspsp: MOCK,
    state: 'state-123',
    redirect_url: REDIRECT,
    psu_type: 'business',
    ...overrides,
  };
}

/** POST /auth → the bank's page → a decision; returns where the bank sent the owner. */
async function authorise(decision: 'approve' | 'deny') {
  const started = await call('POST', '/auth', authRequest());
  expect(started.status).toBe(200);
  const { url } = await readJson(started);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  return submitConsent(await page.text(), decision);
}

async function newSession(): Promise<LooseJson> {
  const back = await authorise('approve');
  const res = await call('POST', '/sessions', { code: back.searchParams.get('code') });
  expect(res.status).toBe(200);
  return readJson(res);
}

async function allPages(uid: string, query: string) {
  const rows: LooseJson[] = [];
  let key: string | null = null;
  let pages = 0;
  do {
    const res = await get(`/accounts/${uid}/transactions?${query}${key ? `&continuation_key=${key}` : ''}`);
    expect(res.status).toBe(200);
    const body = await readJson(res);
    rows.push(...body.transactions);
    key = body.continuation_key;
    pages += 1;
  } while (key);
  return { rows, pages };
}

/** Generous: the simulator builds 18 months of statements on first use, on a machine that may be busy. */
const SLOW = { timeout: 20_000 };

describe('the application JWT', SLOW, () => {
  it('is required, must be signed by the registered key, unexpired, and last at most a day', async () => {
    const list = (token?: string) =>
      fetch(`${sim.url}/aspsps`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    expect(await readJson(list())).toMatchObject({ code: 401, error: 'AUTHORIZATION_NOT_PROVIDED' });
    expect((await list(jwt())).status).toBe(200);
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const refusals = [
      jwt({ key: stranger }),
      jwt({ kid: '00000000-0000-4000-8000-000000000000' }),
      jwt({ iat: simSeconds() - 7200 }),
      jwt({ lifetime: 86_401 }),
      'not.a.jwt',
    ];
    for (const token of refusals) {
      const res = await list(token);
      expect(res.status).toBe(401);
      expect(await readJson(res)).toMatchObject({ code: 401, error: 'UNAUTHORIZED_ACCESS' });
    }
  });
});

describe('banks and authorisation', SLOW, () => {
  it('lists UK business banks with Mock ASPSP first and its 90-day consent', async () => {
    const { aspsps } = await readJson(get('/aspsps?country=GB&psu_type=business'));
    expect(aspsps[0]).toMatchObject({ name: 'Mock ASPSP', country: 'GB', maximum_consent_validity: 7_776_000 });
    expect(aspsps.every((a: LooseJson) => a.psu_types.includes('business'))).toBe(true);
    expect(aspsps.map((a: LooseJson) => a.name)).not.toContain('Halifax');
    expect((await fetch(aspsps[0].logo)).headers.get('content-type')).toBe('image/svg+xml');
  });

  it('refuses a redirect that is not registered, an unknown bank and a consent longer than the bank allows', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ redirect_url: 'https://evil.example/gocardless-redirect' }, 400, 'REDIRECT_URI_NOT_ALLOWED'],
      [{ aspsp: { name: 'Nope Bank', country: 'GB' } }, 400, 'WRONG_ASPSP_PROVIDED'],
      [{ access: { valid_until: new Date(NOW.getTime() + 91 * DAY).toISOString() } }, 422, 'WRONG_REQUEST_PARAMETERS'],
      [{ access: { valid_until: '2026-09-01' } }, 422, 'WRONG_REQUEST_PARAMETERS'],
      [{ aspsp: { name: 'Halifax', country: 'GB' } }, 422, 'WRONG_REQUEST_PARAMETERS'],
      [{ state: '' }, 422, 'WRONG_REQUEST_PARAMETERS'],
    ];
    for (const [overrides, status, error] of cases) {
      const res = await call('POST', '/auth', authRequest(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(status);
      expect((await readJson(res)).error).toBe(error);
    }
  });

  it('returns code and state on Approve; the code makes one session and no second', async () => {
    const back = await authorise('approve');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('state-123');
    const code = back.searchParams.get('code');
    const session = await readJson(call('POST', '/sessions', { code }));
    expect(session).toMatchObject({ aspsp: MOCK, psu_type: 'business', access: { valid_until: expect.any(String) } });
    expect(session.accounts).toHaveLength(1);
    expect(session.accounts[0]).toMatchObject({ cash_account_type: 'CACC', currency: 'GBP', usage: 'ORGA' });
    expect(session.accounts[0].account_id.iban).toMatch(/^GB\d{2}MOCK/);
    const replay = await call('POST', '/sessions', { code });
    expect(replay.status).toBe(400);
    expect((await readJson(replay)).error).toBe('ALREADY_AUTHORIZED');
    expect((await readJson(call('POST', '/sessions', { code: 'guessed' }))).error).toBe('WRONG_AUTHORIZATION_CODE');
    const view = await readJson(get(`/sessions/${session.session_id}`));
    expect(view).toMatchObject({ status: 'AUTHORIZED', accounts: [session.accounts[0].uid] });
  });

  it('returns error and state on Deny, and the page cannot be answered twice', async () => {
    const started = await readJson(call('POST', '/auth', authRequest()));
    const html = await (await fetch(started.url)).text();
    const back = await submitConsent(html, 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('state-123');
    expect(back.searchParams.get('code')).toBeNull();
    expect((await fetch(started.url)).status).toBe(400);
  });

  it('lets an unused code lapse after ten minutes', async () => {
    const back = await authorise('approve');
    advance(11 * 60_000);
    const res = await call('POST', '/sessions', { code: back.searchParams.get('code') });
    expect((await readJson(res)).error).toBe('EXPIRED_AUTHORIZATION_CODE');
  });
});

describe('account data', SLOW, () => {
  it('pages the booked and pending statement lines of the window exactly, with a key valid for that query only', async () => {
    const session = await newSession();
    const uid = session.accounts[0].uid;
    const from = addDays(TODAY, -60);
    const { rows, pages } = await allPages(uid, `date_from=${from}&date_to=${TODAY}`);
    expect(pages).toBeGreaterThan(1);
    const pendingFrom = addDays(TODAY, -(PENDING_DAYS - 1));
    const expected = generateSalonData({ seed: SEED, from, to: TODAY }).bank.filter((r) => r.occurredAt <= NOW);
    expect(rows).toHaveLength(expected.length);
    const booked = rows.filter((r) => r.status === 'BOOK');
    const pending = rows.filter((r) => r.status === 'PDNG');
    expect(pending.every((r) => r.credit_debit_indicator === 'DBIT' && r.value_date >= pendingFrom)).toBe(true);
    expect(booked.map((r) => r.entry_reference).sort()).toEqual(
      expected
        .filter((r) => !(r.amountPence < 0 && londonDateOf(r.occurredAt) >= pendingFrom))
        .map((r) => r.id)
        .sort(),
    );
    const rent = booked.find((r) => r.credit_debit_indicator === 'DBIT');
    expect(rent.transaction_amount.amount).toMatch(/^\d+\.\d{2}$/);
    expect(rent.creditor.name).toBeTruthy();

    const first = await readJson(get(`/accounts/${uid}/transactions?date_from=${from}&date_to=${TODAY}`));
    const otherQuery = await get(
      `/accounts/${uid}/transactions?date_from=${from}&continuation_key=${first.continuation_key}`,
    );
    expect(otherQuery.status).toBe(422);
    expect((await readJson(otherQuery)).error).toBe('WRONG_CONTINUATION_KEY');
    const onlyBooked = await allPages(uid, `date_from=${from}&date_to=${TODAY}&transaction_status=BOOK`);
    expect(onlyBooked.rows).toHaveLength(booked.length);
  });

  it('refuses a period the bank cannot give under "default" and starts at its earliest under "longest"', async () => {
    const uid = (await newSession()).accounts[0].uid;
    const early = addDays(TODAY, -730);
    const refused = await get(`/accounts/${uid}/transactions?date_from=${early}&date_to=${TODAY}`);
    expect(refused.status).toBe(422);
    expect((await readJson(refused)).error).toBe('WRONG_TRANSACTIONS_PERIOD');
    const longest = await readJson(get(`/accounts/${uid}/transactions?date_from=${early}&strategy=longest`));
    expect(longest.transactions.length).toBeGreaterThan(0);
    const wrong = [
      [`date_to=${TODAY}`, 'DATE_TO_WITHOUT_DATE_FROM'],
      [`date_from=${addDays(TODAY, 1)}`, 'DATE_FROM_IN_FUTURE'],
      [`date_from=${TODAY}&date_to=${addDays(TODAY, -1)}`, 'WRONG_DATE_INTERVAL'],
      ['date_from=15-06-2026', 'WRONG_REQUEST_PARAMETERS'],
    ];
    for (const [query, error] of wrong) {
      expect((await readJson(get(`/accounts/${uid}/transactions?${query}`))).error, query).toBe(error);
    }
  });

  it('serves booked, available and closing balances from the same statement', async () => {
    const uid = (await newSession()).accounts[0].uid;
    const { balances } = await readJson(get(`/accounts/${uid}/balances`));
    expect(balances.map((b: LooseJson) => b.balance_type)).toEqual(['ITBD', 'ITAV', 'CLBD']);
    const data = generateSalonData({ seed: SEED, from: addDays(TODAY, -HISTORY_DAYS), to: TODAY });
    const pendingFrom = addDays(TODAY, -(PENDING_DAYS - 1));
    const happened = data.bank.filter((r) => r.occurredAt <= NOW);
    const isPending = (r: (typeof happened)[number]) => r.amountPence < 0 && londonDateOf(r.occurredAt) >= pendingFrom;
    const sum = (rows: typeof happened) => rows.reduce((total, r) => total + r.amountPence, 0);
    const booked = openingBalancePence(SEED) + sum(happened.filter((r) => !isPending(r)));
    const toDecimal = (pence: number) => (pence / 100).toFixed(2);
    expect(balances[0]).toMatchObject({
      balance_amount: { amount: toDecimal(booked), currency: 'GBP' },
      reference_date: TODAY,
    });
    expect(balances[1].balance_amount.amount).toBe(toDecimal(booked + sum(happened.filter(isPending))));
  });

  it('keeps four unattended reads a day per account and consent; pages and owner-present reads are free', async () => {
    const first = (await newSession()).accounts[0].uid;
    const query = `date_from=${addDays(TODAY, -60)}&date_to=${TODAY}`;
    for (let i = 0; i < 4; i++) await allPages(first, query);
    const limited = await get(`/accounts/${first}/transactions?${query}`);
    expect(limited.status).toBe(429);
    expect(await readJson(limited)).toMatchObject({ code: 429, error: 'ASPSP_RATE_LIMIT_EXCEEDED' });
    expect((await get(`/accounts/${first}/transactions?${query}`, { 'Psu-Ip-Address': '203.0.113.7' })).status).toBe(
      200,
    );
    expect((await get(`/accounts/${first}/balances`)).status).toBe(200);
    const renewed = (await newSession()).accounts[0].uid;
    expect((await get(`/accounts/${renewed}/transactions?${query}`)).status).toBe(200);
    sim.control.resetDailyCounters();
    expect((await get(`/accounts/${first}/transactions?${query}`)).status).toBe(200);
  });

  it('gives a renewed consent new uids and transaction ids but the same identification hash and entry references', async () => {
    const before = await newSession();
    const after = await newSession();
    const [a, b] = [before.accounts[0], after.accounts[0]];
    expect(b.uid).not.toBe(a.uid);
    expect(b.identification_hash).toBe(a.identification_hash);
    const query = `date_from=${addDays(TODAY, -10)}&date_to=${TODAY}&transaction_status=BOOK`;
    const [old, renewed] = [(await allPages(a.uid, query)).rows, (await allPages(b.uid, query)).rows];
    expect(renewed.map((r) => r.entry_reference)).toEqual(old.map((r) => r.entry_reference));
    expect(renewed.map((r) => r.transaction_id)).not.toEqual(old.map((r) => r.transaction_id));

    expect((await call('DELETE', `/sessions/${before.session_id}`)).status).toBe(200);
    const closed = await get(`/accounts/${a.uid}/transactions?${query}`);
    expect(closed.status).toBe(401);
    expect((await readJson(closed)).error).toBe('CLOSED_SESSION');
    expect((await readJson(get(`/sessions/${before.session_id}`))).status).toBe('CLOSED');
  });

  it('ends access when the consent runs out or is revoked at the bank', async () => {
    const expiring = await newSession();
    const revoked = await newSession();
    sim.control.revokeSession(revoked.session_id);
    expect((await readJson(get(`/accounts/${revoked.accounts[0].uid}/balances`))).error).toBe('REVOKED_SESSION');
    advance(90 * DAY);
    const res = await get(`/accounts/${expiring.accounts[0].uid}/balances`);
    expect(res.status).toBe(401);
    expect((await readJson(res)).error).toBe('EXPIRED_SESSION');
    expect((await readJson(get(`/sessions/${expiring.session_id}`))).status).toBe('EXPIRED');
    expect((await readJson(get('/accounts/00000000-0000-4000-8000-000000000000/balances'))).error).toBe(
      'ACCOUNT_DOES_NOT_EXIST',
    );
  });

  it('answers injected faults in its own error shape', async () => {
    sim.control.injectFaults({ status: 500, count: 1 });
    const res = await get('/aspsps');
    expect(res.status).toBe(500);
    expect(await readJson(res)).toMatchObject({ code: 500, error: 'ASPSP_ERROR' });
    expect((await get('/aspsps')).status).toBe(200);
  });
});
