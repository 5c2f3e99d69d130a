import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../integrations/provider-error.js';
import {
  grantAuthority,
  startHmrcTestSimulator,
  TEST_CLIENT,
  TEST_CLIENT_IP,
  TEST_REDIRECT,
  TEST_VENDOR_IP,
  TEST_VRN,
} from '../../test/hmrc-test-kit.js';
import { fraudPreventionHeaders } from '../fraud-prevention/fraud-headers.js';
import { PLATFORM_SENTENCES } from '../hmrc-errors.js';
import { authorizationUrl, exchangeCode } from '../hmrc-oauth.js';
import { type NineBoxes, type VatCallContext, vatApi } from './vat-api.js';
import { VAT_SENTENCES } from './vat-errors.js';

// 20 April 2026: the quarter to 31 March has ended (due 7 May), the one to 30 June is in progress.
let now = new Date('2026-04-20T10:00:00Z');
let simulator: Awaited<ReturnType<typeof startHmrcTestSimulator>>;
let context: VatCallContext;
let api: ReturnType<typeof vatApi>;
const retry = { initialDelayMs: 1, maxDelayMs: 5 };

const headers = () =>
  fraudPreventionHeaders({
    client: TEST_CLIENT,
    connection: { clientIp: TEST_CLIENT_IP, clientPort: 50_123, seenAt: now },
    vendorPublicIp: TEST_VENDOR_IP,
    userId: '4f6b1c1e-5d7a-4a8e-9a57-7b0c3c5a1f00',
  });

const q1: NineBoxes = {
  periodKey: '26A1',
  vatDueSales: 153.17,
  vatDueAcquisitions: 0,
  totalVatDue: 153.17,
  vatReclaimedCurrPeriod: 61,
  netVatDue: 92.17,
  totalValueSalesExVAT: 765,
  totalValuePurchasesExVAT: 1366,
  totalValueGoodsSuppliedExVAT: 0,
  totalAcquisitionsExVAT: 0,
};

async function connect(): Promise<VatCallContext> {
  const verifier = randomBytes(32).toString('base64url');
  const back = await grantAuthority(
    authorizationUrl(simulator.endpoint, {
      scopes: ['read:vat', 'write:vat'],
      state: 's',
      redirectUri: TEST_REDIRECT,
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
    }),
  );
  const tokens = await exchangeCode(
    simulator.endpoint,
    { code: back.searchParams.get('code')!, redirectUri: TEST_REDIRECT, codeVerifier: verifier },
    now,
  );
  return { accessToken: tokens.accessToken, fraudHeaders: headers() };
}

beforeAll(async () => {
  simulator = await startHmrcTestSimulator({ now: () => now });
  context = await connect();
  api = vatApi(simulator.endpoint, retry);
});
afterAll(() => simulator.close());
// Every request Brade made and every answer it read keeps to HMRC's description, and every call carried a complete,
// valid set of fraud-prevention headers (the simulator is strict about them too).
afterEach(() => {
  expect(simulator.problems()).toEqual([]);
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as ProviderError,
  );

describe('Brade’s VAT (MTD) adapter against the HMRC simulator', () => {
  it('reads obligations, and none as an empty list', async () => {
    const open = await api.obligations(context, TEST_VRN, { from: '2026-01-01', to: '2026-06-30', status: 'O' });
    expect(open).toEqual([
      { start: '2026-01-01', end: '2026-03-31', due: '2026-05-07', status: 'O', periodKey: '26A1' },
      { start: '2026-04-01', end: '2026-06-30', due: '2026-08-07', status: 'O', periodKey: '26A2' },
    ]);
    expect(
      await api.obligations({ ...context, testScenario: 'NOT_FOUND' }, TEST_VRN, {
        from: '2026-01-01',
        to: '2026-06-30',
      }),
    ).toEqual([]);
  });

  it('files a return and reads back its receipt, the return HMRC holds, the liability and (after its due date) the payment', async () => {
    const receipt = await api.submitReturn(context, TEST_VRN, q1);
    expect(receipt).toMatchObject({ paymentIndicator: 'DD', processingDate: '2026-04-20T10:00:00.000+0000' });
    expect(receipt.formBundleNumber).toMatch(/^\d{12}$/);
    expect(receipt.receiptId).toMatch(/^[0-9a-f-]{36}$/);
    expect(receipt.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await api.viewReturn(context, TEST_VRN, '26A1')).toEqual(q1);
    expect(await api.viewReturn(context, TEST_VRN, '25A4')).toBeNull();
    expect(await api.liabilities(context, TEST_VRN, { from: '2026-01-01', to: '2026-04-20' })).toEqual([
      {
        taxPeriod: { from: '2026-01-01', to: '2026-03-31' },
        type: 'VAT Return Debit Charge',
        originalAmount: 92.17,
        outstandingAmount: 92.17,
        due: '2026-05-07',
      },
    ]);
    expect(await api.payments(context, TEST_VRN, { from: '2026-01-01', to: '2026-04-20' })).toEqual([]);
  });

  it.each([
    ['DUPLICATE_SUBMISSION', 403, q1, undefined],
    ['TAX_PERIOD_NOT_ENDED', 403, { ...q1, periodKey: '26A2' }, undefined],
    ['PERIOD_KEY_INVALID', 400, { ...q1, periodKey: '99Z9' }, undefined],
    ['VAT_TOTAL_VALUE', 400, { ...q1, totalVatDue: 153.18 }, undefined],
    ['VAT_NET_VALUE', 400, { ...q1, netVatDue: 92 }, undefined],
    ['INVALID_MONETARY_AMOUNT', 400, { ...q1, totalValueSalesExVAT: 765.5 }, undefined],
    ['VRN_INVALID', 400, q1, 'INVALID_VRN'],
    ['INVALID_REQUEST', 400, q1, 'INVALID_PAYLOAD'],
    ['RULE_INSOLVENT_TRADER', 403, q1, 'INSOLVENT_TRADER'],
  ] as const)('maps %s (%i) to its sentence, a refusal never retried', async (code, status, boxes, scenario) => {
    const error = await failureOf(
      api.submitReturn({ ...context, ...(scenario ? { testScenario: scenario } : {}) }, TEST_VRN, boxes),
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status, providerCode: code, failure: 'rejected' });
    expect(error!.message).toBe(VAT_SENTENCES[code] ?? PLATFORM_SENTENCES[code]);
    expect(error!.message).not.toMatch(/undefined|\[object/);
  });

  it('maps the other codes the issue names: NOT_FINALISED, DATE_RANGE_TOO_LARGE, VRN_NOT_FOUND, another taxpayer', () => {
    for (const code of ['NOT_FINALISED', 'DATE_RANGE_TOO_LARGE', 'VRN_NOT_FOUND', 'INVALID_PERIODKEY', 'INVALID_VRN'])
      expect(VAT_SENTENCES[code], code).toMatch(/\.$/);
  });

  it('reads DATE_RANGE_TOO_LARGE and another taxpayer’s VRN as refusals with their sentences', async () => {
    const tooOld = await failureOf(
      api.viewReturn({ ...context, testScenario: 'DATE_RANGE_TOO_LARGE' }, TEST_VRN, '26A1'),
    );
    expect(tooOld).toMatchObject({
      status: 403,
      providerCode: 'DATE_RANGE_TOO_LARGE',
      message: VAT_SENTENCES.DATE_RANGE_TOO_LARGE,
    });
    const other = await failureOf(api.obligations(context, '100000089', { from: '2026-01-01', to: '2026-03-31' }));
    expect(other).toMatchObject({ status: 403, providerCode: 'CLIENT_OR_AGENT_NOT_AUTHORISED' });
  });

  it('waits out a 429 as HMRC asks and carries on; gives up with the wait when HMRC keeps throttling', async () => {
    simulator.control.injectFaults({ status: 429, retryAfterSeconds: 0, count: 2 });
    expect(
      await api.obligations(context, TEST_VRN, { from: '2026-01-01', to: '2026-06-30', status: 'O' }),
    ).toHaveLength(1);
    simulator.control.injectFaults({ status: 429, retryAfterSeconds: 120 });
    const throttled = await failureOf(api.obligations(context, TEST_VRN, { from: '2026-01-01', to: '2026-06-30' }));
    expect(throttled).toMatchObject({
      status: 429,
      failure: 'retryable',
      retryAfterSeconds: 120,
      providerCode: 'MESSAGE_THROTTLED_OUT',
    });
  });

  it('files only once: a 5xx or a lost answer is not retried (HMRC may have taken it); a 429 is', async () => {
    now = new Date('2026-07-20T10:00:00Z');
    const later = await connect();
    simulator.control.injectFaults({ status: 500, pathPrefix: '/organisations' });
    const q2 = { ...q1, periodKey: '26A2' };
    const lost = await failureOf(api.submitReturn(later, TEST_VRN, q2));
    expect(lost).toMatchObject({ status: 500, failure: 'retryable' });
    const posts = () => simulator.exchanges.filter((e) => e.method === 'POST' && e.url.endsWith('/returns')).length;
    const before = posts();
    simulator.control.injectFaults({ status: 429, retryAfterSeconds: 0, pathPrefix: '/organisations' });
    expect((await api.submitReturn(later, TEST_VRN, q2)).formBundleNumber).toMatch(/^\d{12}$/);
    // The throttled attempt and its one retry.
    expect(posts() - before).toBe(2);
    now = new Date('2026-04-20T10:00:00Z');
  });

  it('an expired token is a refusal that needs a refresh (the caller refreshes: access-token.ts)', async () => {
    simulator.control.expireToken(context.accessToken);
    const expired = await failureOf(api.obligations(context, TEST_VRN, { from: '2026-01-01', to: '2026-03-31' }));
    expect(expired).toMatchObject({ status: 401, failure: 'reauthorize', providerCode: 'INVALID_CREDENTIALS' });
  });
});
