import type { SyncCursor } from '../../apps/server/src/integrations/card-providers/card-provider.js';
import { createStripeAdapter } from '../../apps/server/src/integrations/card-providers/stripe/stripe-adapter.js';
import { answerStripeConsent } from '../../apps/server/src/test/stripe-consent-browser.js';
import { TEST_LIMITS } from '../../test-limits.js';
import { type ApiAnswer, call, type SmtpCatcher, waitFor } from './harness.js';

/** What the tests do as salon owners, each call on whichever instance the test names. */
export interface Owner {
  email: string;
  id: string;
  access_token: string;
  refresh_token: string;
  ip: string;
}

export const PASSWORD = 'Chignon2026';
/** The one address every instance gives providers as its own (PUBLIC_URL), as behind a load balancer. */
export const PUBLIC_URL = 'http://brade.test';

let n = 0;
export function ownerEmail(tag: string): string {
  n += 1;
  return `${tag}.${Date.now().toString(36)}.${n}@salon-test.co.uk`;
}

export async function expectStatus(answer: Promise<ApiAnswer>, status: number, what: string): Promise<ApiAnswer> {
  const got = await answer;
  if (got.status !== status)
    throw new Error(`${what}: expected ${status}, got ${got.status} ${JSON.stringify(got.body)}`);
  return got;
}

/** Signs up on one instance and confirms the code (read from the SMTP server) on another. */
export async function signUp(
  smtp: SmtpCatcher,
  signupAt: string,
  verifyAt: string,
  email: string,
  ip: string,
): Promise<Owner> {
  await expectStatus(
    call(signupAt, 'POST', '/api/signup_user', {
      body: { email, password: PASSWORD, options: { data: { full_name: 'Nia Bell' } } },
      ip,
    }),
    200,
    'sign-up',
  );
  const token = await smtp.code(email);
  const verified = await expectStatus(
    call(verifyAt, 'POST', '/api/verify_otp', { body: { email, token }, ip }),
    200,
    'verify',
  );
  return { email, ip, ...verified.body };
}

export async function recordBusiness(base: string, owner: Owner, salonName: string): Promise<void> {
  await expectStatus(
    call(base, 'POST', '/api/record_business_information', {
      token: owner.access_token,
      ip: owner.ip,
      body: {
        id: owner.id,
        full_name: 'Nia Bell',
        email: owner.email,
        salon_name: salonName,
        business_address: '3 Station Parade, Leeds',
        postcode: 'LS1 4DY',
        state: 'England',
        country: 'United Kingdom',
      },
    }),
    200,
    'business details',
  );
}

/** The pop-up flow: authorisation URL on one instance, consent at the simulator, the code back on another. */
export async function connectStripe(startAt: string, finishAt: string, owner: Owner): Promise<void> {
  const auth = await expectStatus(
    call(startAt, 'POST', '/api/integrations/authorization-url', {
      token: owner.access_token,
      ip: owner.ip,
      body: { id: owner.id, processor: 'stripe' },
    }),
    200,
    'authorization url',
  );
  const back = await answerStripeConsent(auth.body.url, 'approve', owner.email);
  await expectStatus(
    call(finishAt, 'POST', '/api/stripe/record-stripe-transactions', {
      token: owner.access_token,
      ip: owner.ip,
      body: { id: owner.id, code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    }),
    200,
    'stripe connection',
  );
}

// biome-ignore lint/suspicious/noExplicitAny: the sync-status answer as sent
export async function syncStatus(base: string, owner: Owner): Promise<any> {
  const res = await call(base, 'GET', `/api/integrations/sync-status/${owner.id}`, {
    token: owner.access_token,
    ip: owner.ip,
  });
  return res.body.connections[0];
}

/** Waits until the owner's Stripe import has finished (last_sync set, nothing running). */
export function importFinished(
  base: string,
  owner: Owner,
  timeoutMs: number = TEST_LIMITS.e2e.background,
  // biome-ignore lint/suspicious/noExplicitAny: the sync-status answer as sent
): Promise<any> {
  return waitFor(
    `the import of ${owner.email}`,
    async () => {
      const status = await syncStatus(base, owner);
      return status?.last_sync && status.sync.state === 'idle' ? status : null;
    },
    timeoutMs,
  );
}

/** Every balance transaction the simulator holds for a login's merchant, as the ledger's external ids. */
export async function simulatorExternalIds(
  sim: { url: string; control: { credentials: { clientId: string; clientSecret: string } } },
  login: string,
  historyFrom: Date,
  now: Date,
): Promise<Set<string>> {
  const adapter = createStripeAdapter(
    { sandbox: true, ...sim.control.credentials, authBaseUrl: sim.url, apiBaseUrl: sim.url },
    { retry: { initialDelayMs: 5, maxDelayMs: 20 } },
  );
  const redirectUri = `${PUBLIC_URL}/stripe-redirect`;
  const consent = await answerStripeConsent(
    adapter.authorizationUrl({ state: 'check', redirectUri, codeChallenge: null }),
    'approve',
    login,
  );
  const tokens = await adapter.exchangeCode({
    code: consent.searchParams.get('code')!,
    redirectUri,
    codeVerifier: null,
  });
  const ids = new Set<string>();
  let cursor: SyncCursor | null = null;
  for (;;) {
    const page = await adapter.fetchPage(tokens, cursor, { historyFrom, now });
    for (const t of page.transactions) ids.add(t.externalId);
    cursor = page.cursor;
    if (page.done) return ids;
  }
}
