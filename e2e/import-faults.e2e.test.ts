import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripe } from '@brade/sandbox';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncCursor } from '../apps/server/src/integrations/card-providers/card-provider.js';
import { createStripeAdapter } from '../apps/server/src/integrations/card-providers/stripe/stripe-adapter.js';
import { answerStripeConsent } from '../apps/server/src/test/stripe-consent-browser.js';
import { TEST_LIMITS } from '../test-limits.js';
import { type ServerProcess, startServerProcess, stopServerProcess } from './support/server-process.js';

/**
 * The server is killed (SIGKILL, no clean-up) in the middle of a Stripe import and started again on the same
 * data: the import must finish with exactly the simulator's transactions, none lost and none twice. The
 * simulator runs in this test process so it outlives the server, as a real provider would.
 */
const OWNER_LOGIN = 'killed.mid.import@salon-test.co.uk';
let sim: Awaited<ReturnType<typeof stripe.startStripeSimulator>>;
let dataDir: string;
let server: ServerProcess;

const env = () => ({
  STRIPE_CLIENT_ID: sim.control.credentials.clientId,
  STRIPE_SECRET_KEY: sim.control.credentials.clientSecret,
  STRIPE_CONNECT_BASE_URL: sim.url,
  STRIPE_API_BASE_URL: sim.url,
  // Longer than a batch of slow pages takes (the lease is renewed with each write), short enough that the restarted
  // server takes the dead run's import over soon after.
  SYNC_LEASE_SECONDS: '30',
  SYNC_SWEEP_SECONDS: '0.5',
  DEMO_ACCOUNT: 'false',
  LOG_LEVEL: 'warn',
});

async function api(method: string, route: string, body?: unknown, token?: string) {
  const res = await fetch(server.url + route, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the API sent
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

async function signUp(): Promise<{ id: string; access_token: string }> {
  const email = `fault.${Date.now().toString(36)}@salon-test.co.uk`;
  await api('POST', '/api/signup_user', {
    email,
    password: 'Chignon2026',
    options: { data: { full_name: 'Nia Bell' } },
  });
  let code = '';
  const mailed = Date.now() + TEST_LIMITS.e2e.wait;
  while (!code && Date.now() < mailed) {
    const mails = (await (await fetch(`${server.url}/dev/mailbox.json`)).json()) as Array<{ to: string; text: string }>;
    code = mails.find((m) => m.to === email)?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  const verified = await api('POST', '/api/verify_otp', { email, token: code });
  expect(verified.status).toBe(200);
  return verified.body;
}

async function syncStatus(owner: { id: string; access_token: string }) {
  return (await api('GET', `/api/integrations/sync-status/${owner.id}`, undefined, owner.access_token)).body
    .connections[0];
}

/** Every balance transaction the simulator holds for the owner's merchant, as ledger external ids. */
async function simulatorExternalIds(): Promise<Set<string>> {
  const adapter = createStripeAdapter(
    { sandbox: true, ...sim.control.credentials, authBaseUrl: sim.url, apiBaseUrl: sim.url },
    { retry: { initialDelayMs: 5, maxDelayMs: 20 } },
  );
  const redirectUri = 'http://127.0.0.1/stripe-redirect';
  const consent = await answerStripeConsent(
    adapter.authorizationUrl({ state: 'check', redirectUri, codeChallenge: null }),
    'approve',
    OWNER_LOGIN,
  );
  const tokens = await adapter.exchangeCode({
    code: consent.searchParams.get('code')!,
    redirectUri,
    codeVerifier: null,
  });
  const ids = new Set<string>();
  const now = new Date();
  let cursor: SyncCursor | null = null;
  for (;;) {
    const page = await adapter.fetchPage(tokens, cursor, {
      historyFrom: new Date(now.getTime() - 730 * 86_400_000),
      now,
    });
    for (const t of page.transactions) ids.add(t.externalId);
    cursor = page.cursor;
    if (page.done) return ids;
  }
}

beforeAll(async () => {
  // A frozen clock: sales made while the test runs would otherwise appear between the import and the check.
  const frozen = new Date();
  // The simulator returns only to registered URIs: this test's own, and the app's once its port is known.
  const redirectUris = ['http://127.0.0.1/stripe-redirect'];
  sim = await stripe.startStripeSimulator({ seed: 'killed-mid-import', now: () => frozen, redirectUris });
  dataDir = mkdtempSync(path.join(tmpdir(), 'brade-fault-'));
  server = await startServerProcess(dataDir, env());
  if (!server.ready) throw new Error(server.output());
  redirectUris.push(`${server.url}/stripe-redirect`);
});

afterAll(async () => {
  if (server.child.exitCode === null) await stopServerProcess(server.child);
  await sim.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an import interrupted by a crash', () => {
  it('finishes after a restart with exactly the simulator’s rows', async () => {
    const owner = await signUp();
    const auth = await api(
      'POST',
      '/api/integrations/authorization-url',
      { id: owner.id, processor: 'stripe' },
      owner.access_token,
    );
    expect(auth.status).toBe(200);
    const back = await answerStripeConsent(auth.body.url, 'approve', OWNER_LOGIN);
    // Pages slow enough that the import's first write (about ten pages in) comes long before its last (some twenty
    // seconds later), so a test process that waits its turn on a busy machine still sees it mid-import.
    sim.control.setLatency(500);
    const connected = await api(
      'POST',
      '/api/stripe/record-stripe-transactions',
      { id: owner.id, code: back.searchParams.get('code'), state: back.searchParams.get('state') },
      owner.access_token,
    );
    expect(connected.status).toBe(200);

    let status = await syncStatus(owner);
    const midImport = Date.now() + TEST_LIMITS.e2e.background;
    while (!(status.sync.state === 'running' && status.sync.imported > 0) && Date.now() < midImport) {
      await new Promise((r) => setTimeout(r, 50));
      status = await syncStatus(owner);
    }
    expect(status.sync).toMatchObject({ state: 'running' });
    expect(status.last_sync).toBeNull();
    server.child.kill('SIGKILL');
    await new Promise((r) => server.child.once('exit', r));

    sim.control.setLatency(0);
    server = await startServerProcess(dataDir, env());
    expect(server.ready).toBe(true);
    // The access token survives: its signing secret and the session live in the data directory.
    const finished = Date.now() + TEST_LIMITS.e2e.background;
    while (status.last_sync === null && Date.now() < finished) {
      await new Promise((r) => setTimeout(r, 100));
      status = await syncStatus(owner);
    }
    expect(status).toMatchObject({ status: 'connected', sync: { state: 'idle', last_error: null } });
    await stopServerProcess(server.child);

    const db = new PGlite(path.join(dataDir, 'pglite'));
    try {
      const rows = (
        await db.query<{ external_id: string }>(
          "select external_id from ledger_transactions where provider = 'stripe' and user_id = $1",
          [owner.id],
        )
      ).rows.map((r) => r.external_id);
      const expected = await simulatorExternalIds();
      expect(rows.length).toBe(expected.size);
      expect(new Set(rows)).toEqual(expected);
      expect(expected.size).toBeGreaterThan(100);
    } finally {
      await db.close();
    }
  });
});
