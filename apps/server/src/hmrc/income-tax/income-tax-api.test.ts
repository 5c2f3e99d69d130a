import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../integrations/provider-error.js';
import {
  grantAuthority,
  type IncomeTaxGrant,
  startHmrcTestSimulator,
  TEST_CLIENT,
  TEST_CLIENT_IP,
  TEST_REDIRECT,
  TEST_VENDOR_IP,
} from '../../test/hmrc-test-kit.js';
import { fraudPreventionHeaders } from '../fraud-prevention/fraud-headers.js';
import { PLATFORM_SENTENCES } from '../hmrc-errors.js';
import { authorizationUrl, exchangeCode } from '../hmrc-oauth.js';
import { type IncomeTaxCallContext, incomeTaxApi } from './income-tax-api.js';
import { INCOME_TAX_SENTENCES } from './income-tax-errors.js';
import type { SentSummary } from './tables.js';

// 20 November 2026: the 2026-27 quarters to 5 July and 5 October have ended; the one to 5 January is in progress.
const now = new Date('2026-11-20T10:00:00Z');
let simulator: Awaited<ReturnType<typeof startHmrcTestSimulator>>;
let context: IncomeTaxCallContext;
let api: ReturnType<typeof incomeTaxApi>;
const NINO = 'AA123456A';
const retry = { initialDelayMs: 1, maxDelayMs: 5 };

const headers = () =>
  fraudPreventionHeaders({
    client: TEST_CLIENT,
    connection: { clientIp: TEST_CLIENT_IP, clientPort: 50_123, seenAt: now },
    vendorPublicIp: TEST_VENDOR_IP,
    userId: '4f6b1c1e-5d7a-4a8e-9a57-7b0c3c5a1f00',
  });

/** The owner's grant through HMRC's OAuth, as Brade makes it: PKCE, the Self Assessment scopes, a NINO typed. */
async function connect(
  grant: IncomeTaxGrant = { nino: NINO, tradingNames: 'Hair by Sam' },
): Promise<IncomeTaxCallContext> {
  const verifier = randomBytes(32).toString('base64url');
  const back = await grantAuthority(
    authorizationUrl(simulator.endpoint, {
      scopes: ['read:self-assessment', 'write:self-assessment'],
      state: 's',
      redirectUri: TEST_REDIRECT,
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
    }),
    '',
    'mar_jun_sep_dec',
    grant,
  );
  const tokens = await exchangeCode(
    simulator.endpoint,
    { code: back.searchParams.get('code')!, redirectUri: TEST_REDIRECT, codeVerifier: verifier },
    now,
  );
  expect(tokens.scopes).toEqual(['read:self-assessment', 'write:self-assessment']);
  return { accessToken: tokens.accessToken, fraudHeaders: headers() };
}

const summary = (
  end: string,
  expenses: Record<string, number> = { costOfGoods: 320.45, premisesRunningCosts: 1_900 },
): SentSummary => ({
  periodDates: { periodStartDate: '2026-04-06', periodEndDate: end },
  periodIncome: { turnover: 12_480.5, other: 300 },
  periodExpenses: expenses,
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as ProviderError,
  );

beforeAll(async () => {
  simulator = await startHmrcTestSimulator({ now: () => now });
  context = await connect();
  api = incomeTaxApi(simulator.endpoint, retry);
});
afterAll(() => simulator.close());
// Every request Brade made and every answer it read keeps to HMRC's descriptions, and every call carried a complete,
// valid set of fraud-prevention headers (the simulator refuses any call with an error in them).
afterEach(() => {
  expect(simulator.problems()).toEqual([]);
});

describe('Brade’s Income Tax (MTD) adapter against the HMRC simulator', () => {
  it('lists the businesses; with property businesses and several self-employments, each as HMRC lists it', async () => {
    const [own] = await api.businesses(context, NINO);
    expect(own).toEqual({
      businessId: expect.stringMatching(/^XAIS\d{11}$/),
      typeOfBusiness: 'self-employment',
      tradingName: 'Hair by Sam',
    });
    const mixed = await api.businesses({ ...context, testScenario: 'BUSINESS_AND_PROPERTY' }, NINO);
    expect(mixed.map((b) => b.typeOfBusiness)).toEqual(['uk-property', 'self-employment', 'foreign-property']);
    const two = await connect({ nino: 'CE123456B', tradingNames: 'Studio North, Studio South' });
    expect((await api.businesses(two, 'CE123456B')).map((b) => b.tradingName)).toEqual([
      'Studio North',
      'Studio South',
    ]);
    expect(await api.businesses({ ...context, testScenario: 'NOT_FOUND' }, NINO)).toEqual([]);
  });

  it('reads the obligations of a business, and none as an empty list', async () => {
    const [own] = await api.businesses(context, NINO);
    const year = await api.obligations(context, NINO, own!.businessId, { from: '2026-04-06', to: '2027-04-05' });
    expect(year.map((o) => `${o.periodStartDate} ${o.periodEndDate} ${o.dueDate} ${o.status}`)).toEqual([
      '2026-04-06 2026-07-05 2026-08-07 open',
      '2026-04-06 2026-10-05 2026-11-07 open',
      '2026-04-06 2027-01-05 2027-02-07 open',
      '2026-04-06 2027-04-05 2027-05-07 open',
    ]);
    expect(await api.obligations(context, NINO, own!.businessId, { from: '2025-04-06', to: '2026-04-05' })).toEqual([]);
  });

  it('sends a cumulative summary, reads back what HMRC holds, and amends it', async () => {
    const [own] = await api.businesses(context, NINO);
    const sent = await api.sendCumulative(context, NINO, own!.businessId, '2026-27', summary('2026-10-05'));
    expect(sent.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await api.readCumulative(context, NINO, own!.businessId, '2026-27')).toEqual(summary('2026-10-05'));
    const amended = summary('2026-10-05', { consolidatedExpenses: 2_220.45 });
    await api.sendCumulative(context, NINO, own!.businessId, '2026-27', amended);
    expect(await api.readCumulative(context, NINO, own!.businessId, '2026-27')).toEqual(amended);
    expect(await api.readCumulative(context, NINO, own!.businessId, '2025-26')).toBeNull();
    const met = await api.obligations(context, NINO, own!.businessId, { from: '2026-04-06', to: '2027-04-05' });
    expect(met.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'open', 'open']);
  });

  it.each([
    ['RULE_SUBMISSION_END_DATE_CANNOT_MOVE_BACKWARDS', 400, summary('2026-07-05'), undefined],
    ['RULE_EARLY_DATA_SUBMISSION_NOT_ACCEPTED', 400, summary('2027-01-05'), undefined],
    ['RULE_END_DATE_NOT_ALIGNED_WITH_REPORTING_TYPE', 400, summary('2026-09-30'), undefined],
    ['RULE_BOTH_EXPENSES_SUPPLIED', 400, summary('2026-10-05', { consolidatedExpenses: 1, costOfGoods: 1 }), undefined],
    ['RULE_OUTSIDE_AMENDMENT_WINDOW', 400, summary('2026-10-05'), 'OUTSIDE_AMENDMENT_WINDOW'],
    ['RULE_TAX_YEAR_NOT_SUPPORTED', 400, summary('2026-10-05'), 'TAX_YEAR_NOT_SUPPORTED'],
    ['MATCHING_RESOURCE_NOT_FOUND', 404, summary('2026-10-05'), 'NOT_FOUND'],
  ] as const)('maps %s (%i) to its sentence, a refusal never retried', async (code, status, body, scenario) => {
    const [own] = await api.businesses(context, NINO);
    const error = await failureOf(
      api.sendCumulative(
        { ...context, ...(scenario ? { testScenario: scenario } : {}) },
        NINO,
        own!.businessId,
        '2026-27',
        body,
      ),
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status, providerCode: code, failure: 'rejected' });
    expect(error!.message).toBe(INCOME_TAX_SENTENCES[code]);
  });

  it('reads another person’s NINO (403) and an insolvent trader as refusals with their sentences', async () => {
    const other = await failureOf(api.businesses(context, 'CE123456B'));
    expect(other).toMatchObject({ status: 403, providerCode: 'CLIENT_OR_AGENT_NOT_AUTHORISED', failure: 'rejected' });
    expect(other!.message).toBe(INCOME_TAX_SENTENCES.CLIENT_OR_AGENT_NOT_AUTHORISED);
    expect(other!.message).not.toBe(PLATFORM_SENTENCES.CLIENT_OR_AGENT_NOT_AUTHORISED);
    const [own] = await api.businesses(context, NINO);
    const insolvent = await failureOf(
      api.obligations({ ...context, testScenario: 'INSOLVENT_TRADER' }, NINO, own!.businessId, {
        from: '2026-04-06',
        to: '2027-04-05',
      }),
    );
    expect(insolvent).toMatchObject({ status: 400, providerCode: 'RULE_INSOLVENT_TRADER' });
  });

  it('waits out a 429 as HMRC asks and carries on; gives up with the wait when HMRC keeps throttling', async () => {
    simulator.control.injectFaults({ status: 429, retryAfterSeconds: 0, count: 2, pathPrefix: '/individuals' });
    expect(await api.businesses(context, NINO)).toHaveLength(1);
    simulator.control.injectFaults({ status: 429, retryAfterSeconds: 120, pathPrefix: '/individuals' });
    const throttled = await failureOf(api.businesses(context, NINO));
    expect(throttled).toMatchObject({
      status: 429,
      failure: 'retryable',
      retryAfterSeconds: 120,
      providerCode: 'MESSAGE_THROTTLED_OUT',
    });
  });

  it('sends again after a 5xx: a cumulative summary replaces what HMRC holds, so a second send is harmless', async () => {
    const [own] = await api.businesses(context, NINO);
    simulator.control.injectFaults({ status: 500, pathPrefix: '/individuals/business/self-employment' });
    await api.sendCumulative(context, NINO, own!.businessId, '2026-27', summary('2026-10-05'));
    const puts = simulator.exchanges.filter((e) => e.method === 'PUT').slice(-2);
    expect(puts.map((e) => e.status)).toEqual([500, 204]);
  });

  it('asks for a refresh when a token has expired (the caller refreshes: access-token.ts)', async () => {
    const other = await connect({ nino: NINO });
    simulator.control.expireToken(other.accessToken);
    const expired = await failureOf(api.businesses(other, NINO));
    expect(expired).toMatchObject({ status: 401, failure: 'reauthorize', providerCode: 'INVALID_CREDENTIALS' });
  });
});
