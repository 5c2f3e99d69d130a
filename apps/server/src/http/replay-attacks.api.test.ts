import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../accounts/tables.js';
import { sessions } from '../auth/tables.js';
import { hmrcAuditLog, hmrcConnections } from '../hmrc/tables.js';
import { connectAttempts, connections } from '../integrations/tables.js';
import { pressConsentButton } from '../test/consent-form-browser.js';
import { grantAuthority } from '../test/hmrc-test-kit.js';
import {
  codeFrom,
  GOOD_PASSWORD,
  signUpAndConfirm,
  startTestServer,
  type TestServer,
  uniqueEmail,
} from '../test/test-server.js';

/**
 * The attacks of someone who got hold of a link, a code or a provider's return (docs/security-decisions.md,
 * "Connecting providers (OAuth and the pop-up)", "Reset links", "Sign-up attempts"): each works once, for the browser
 * session that started it, and no address the caller chooses sends anyone off-site.
 */
let server: TestServer;
let web: string;
beforeAll(async () => {
  // A built page for the SPA's fallback (its canonical-origin redirect is one of the addresses attacked below).
  web = mkdtempSync(path.join(tmpdir(), 'brade-web-'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><head></head><body>Brade</body></html>');
  const wide = (name: string) => ({ name, max: 10_000, windowSeconds: 300 });
  server = await startTestServer({
    env: { SYNC_HISTORY_DAYS: '30', WEB_DIST: web },
    limits: {
      signinPerIp: wide('signin:ip'),
      signupPerIp: wide('signup:ip'),
      verifyPerIp: wide('verify:ip'),
      resetPerIp: wide('reset:ip'),
      recoveryPerIp: wide('recovery:ip'),
    },
  });
});
afterAll(() => server.close());

type Owner = Awaited<ReturnType<typeof signUpAndConfirm>>;
type Card = 'stripe' | 'square' | 'sumup';
type Returned = Record<string, string>;

/** The hostile return addresses: absolute foreign, scheme-relative, backslashed, script and userinfo tricks. */
const HOSTILE = [
  'https://evil.example/steal',
  '//evil.example/steal',
  '/\\evil.example/steal',
  '\\\\evil.example\\steal',
  '\\/evil.example',
  'javascript:alert(document.domain)',
  'http:evil.example',
  ' https://evil.example',
  'https://127.0.0.1@evil.example/',
  '%2F%2Fevil.example',
];

const db = () => server.ctx.database.db;
/** What connecting writes (the import it queues goes on in the background, so the books are left out). */
const connectState = async (userId: string) => ({
  attempts: await db().select().from(connectAttempts).where(eq(connectAttempts.userId, userId)),
  connections: (await db().select().from(connections).where(eq(connections.userId, userId))).map((c) => [
    c.provider,
    c.status,
    c.credentials,
  ]),
  hmrc: await db().select().from(hmrcConnections).where(eq(hmrcConnections.userId, userId)),
  audit: await db().select().from(hmrcAuditLog).where(eq(hmrcAuditLog.userId, userId)),
});
const sessionsOf = async (userId: string) =>
  (await db().select().from(sessions).where(eq(sessions.userId, userId))).length;
const connectionsOf = async (userId: string) =>
  (await db().select().from(connections).where(eq(connections.userId, userId))).length;

async function secondSession(owner: Owner): Promise<string> {
  const signin = await server.post('/api/signin_user', { email: owner.email, password: owner.password });
  expect(signin.status).toBe(200);
  return signin.body.access_token;
}

/** A card processor's consent, approved on its simulator: what its return page would post back. */
async function cardConsent(owner: Owner, processor: Card): Promise<Returned> {
  const auth = await server.post(
    '/api/integrations/authorization-url',
    { id: owner.id, processor },
    owner.access_token,
  );
  expect(auth.status).toBe(200);
  const back = await pressConsentButton(auth.body.url, 'approve', { login: owner.email });
  expect(`${back.origin}${back.pathname}`).toBe(`${server.url}/${processor}-redirect`);
  return Object.fromEntries(
    ['code', 'state', 'merchant_code'].flatMap((k) =>
      back.searchParams.has(k) ? [[k, back.searchParams.get(k)!]] : [],
    ),
  );
}
const bringCard = (owner: Owner, processor: Card, returned: Returned, token = owner.access_token) =>
  server.post(`/api/${processor}/record-${processor}-transactions`, { id: owner.id, ...returned }, token);

async function bankConsent(owner: Owner): Promise<Returned> {
  const banks = await server.get('/api/gocardless/choose-a-bank', owner.access_token);
  const link = await server.post(
    '/api/gocardless/build-a-link',
    { user_id: owner.id, institution_id: banks.body.banks[0].id, redirect: `${server.url}/gocardless-redirect` },
    owner.access_token,
  );
  expect(link.status).toBe(200);
  const back = await pressConsentButton(link.body.requisition.link, 'approve');
  expect(`${back.origin}${back.pathname}`).toBe(`${server.url}/gocardless-redirect`);
  return {
    requisition_id: link.body.requisition.id,
    ...Object.fromEntries(
      ['code', 'state', 'ref'].flatMap((k) => (back.searchParams.has(k) ? [[k, back.searchParams.get(k)!]] : [])),
    ),
  };
}
const bringBank = (owner: Owner, returned: Returned, token = owner.access_token) =>
  server.post('/api/gocardless/record-bank-transactions', { id: owner.id, ...returned }, token);

async function hmrcConsent(owner: Owner): Promise<Returned> {
  const started = await server.post('/api/hmrc/authorization-url', { id: owner.id }, owner.access_token);
  expect(started.status).toBe(200);
  const back = await grantAuthority(started.body.url);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}
const bringHmrc = (owner: Owner, returned: Returned, token = owner.access_token) =>
  server.post('/api/hmrc/connect', { id: owner.id, ...returned }, token);

/** Every way back from a provider, each with its consent and its return call. */
const RETURNS = [
  ...(['stripe', 'square', 'sumup'] as const).map((processor) => ({
    name: processor,
    consent: (owner: Owner) => cardConsent(owner, processor),
    bring: (owner: Owner, returned: Returned, token?: string) => bringCard(owner, processor, returned, token),
  })),
  { name: 'the bank', consent: bankConsent, bring: bringBank },
  { name: 'HMRC', consent: hmrcConsent, bring: bringHmrc },
];

describe('a code, a link or a return used a second time', () => {
  it('a used sign-up code confirms nothing again: one account, one session', async () => {
    const email = uniqueEmail('replay');
    const signup = await server.post('/api/signup_user', {
      email,
      password: GOOD_PASSWORD,
      options: { data: { full_name: 'Priya Shah' } },
    });
    const code = codeFrom((await server.mailsTo(email))[0]);
    const first = await server.post('/api/verify_otp', { email, token: code, id: signup.body.id });
    expect(first.status).toBe(200);
    for (const body of [
      { email, token: code, id: signup.body.id },
      { email, token: code },
    ]) {
      const again = await server.post('/api/verify_otp', body);
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('invalid_otp');
    }
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(await sessionsOf(first.body.id)).toBe(1);
  });

  it('a used reset link opens no second recovery session, and the recovery tokens work once', async () => {
    const owner = await signUpAndConfirm(server);
    await server.post('/api/request_password_reset', { email: owner.email });
    const mail = (await server.mailsTo(owner.email)).find((m) => m.text.includes('/api/auth/recover?token='));
    const link = new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
    const first = await server.get(link.pathname + link.search);
    expect(first.status).toBe(303);
    const hash = new URLSearchParams(new URL(first.headers.get('location')!).hash.slice(1));
    expect(hash.get('type')).toBe('recovery');
    const again = await server.get(link.pathname + link.search);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(
      `${server.url}/set-new-password#error=access_denied&error_code=link_expired`,
    );
    expect(await sessionsOf(owner.id)).toBe(2);

    const tokens = { access_token: hash.get('access_token'), refresh_token: hash.get('refresh_token') };
    const reset = await server.post('/api/update_password', { ...tokens, password: 'Balayage88' });
    expect(reset.status).toBe(200);
    const replayed = await server.post('/api/update_password', { ...tokens, password: 'Balayage99' });
    expect(replayed.status).toBe(401);
    expect((await server.post('/api/signin_user', { email: owner.email, password: 'Balayage88' })).status).toBe(200);
  });

  it.each(RETURNS.map((r) => [r.name, r] as const))(
    "%s's return, brought back a second time, connects nothing more",
    async (_name, way) => {
      const owner = await signUpAndConfirm(server);
      const returned = await way.consent(owner);
      expect((await way.bring(owner, returned)).status).toBe(200);
      const before = await connectState(owner.id);
      const again = await way.bring(owner, returned);
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('connect_state_used');
      expect(again.body.error).toBe('This connection link has already been used. Please connect again.');
      expect(await connectState(owner.id)).toEqual(before);
    },
  );
});

describe('a connect attempt belongs to the browser session that started it', () => {
  it.each(RETURNS.map((r) => [r.name, r] as const))(
    "%s's return from the same owner's other sign-in is refused and leaves the attempt to the session that asked",
    async (_name, way) => {
      const owner = await signUpAndConfirm(server);
      const elsewhere = await secondSession(owner);
      const returned = await way.consent(owner);
      const stolen = await way.bring(owner, returned, elsewhere);
      expect(stolen.status).toBe(400);
      expect(stolen.body).toEqual({
        error: 'This connection was started from another sign-in. Please connect again from this one.',
        code: 'connect_other_session',
      });
      const attempts = await db()
        .select()
        .from(connectAttempts)
        .where(and(eq(connectAttempts.userId, owner.id)));
      expect(attempts.map((a) => a.usedAt)).toEqual([null]);
      expect(await connectionsOf(owner.id)).toBe(0);
      // Another owner bringing it is told it is not valid, as for a state that never existed.
      const stranger = await signUpAndConfirm(server);
      const foreign = await way.bring(stranger, returned);
      expect(foreign.status).toBe(400);
      expect(foreign.body.code).toBe('connect_state_invalid');
      expect((await way.bring(owner, returned)).status).toBe(200);
    },
  );
});

/** A request written byte for byte, so no client tidies its path or Host first. */
function rawGet(target: string, host: string): Promise<{ status: number; location: string | null }> {
  return new Promise((resolve, reject) => {
    const url = new URL(server.url);
    const socket = net.connect(Number(url.port), url.hostname, () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(text.slice(9, 12));
      const location = text.match(/\r\nlocation: ([^\r]*)/i)?.[1] ?? null;
      resolve({ status, location });
    });
  });
}

const onSite = (location: string | null) => location === null || new URL(location, server.url).origin === server.url;

describe('hostile return addresses never send anyone off-site', () => {
  it('a reset asked with a hostile redirect_to mails a link to this site, which lands on /set-new-password', async () => {
    const owner = await signUpAndConfirm(server);
    for (const redirect_to of HOSTILE) {
      const asked = await server.post('/api/request_password_reset', { email: owner.email, redirect_to });
      expect(asked.status).toBe(200);
    }
    const mails = (await server.mailsTo(owner.email)).filter((m) => m.text.includes('/api/auth/recover?token='));
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
      expect(link.origin).toBe(server.url);
      expect(link.searchParams.has('redirect_to')).toBe(false);
    }
    const newest = new URL(mails[0]!.text.match(/https?:\/\/\S+/)![0]);
    for (const redirect_to of HOSTILE) {
      const opened = await server.get(`${newest.pathname}${newest.search}&${new URLSearchParams({ redirect_to })}`);
      expect(opened.status).toBe(303);
      expect(opened.headers.get('location')).toMatch(new RegExp(`^${server.url}/set-new-password#`));
    }
  });

  it('the e-mail change link, given a hostile redirect_to, lands on the profile', async () => {
    for (const redirect_to of HOSTILE) {
      const opened = await server.get(
        `/api/auth/confirm-email-change?${new URLSearchParams({ token: 'x', redirect_to })}`,
      );
      expect(opened.status).toBe(303);
      expect(onSite(opened.headers.get('location'))).toBe(true);
      expect(opened.headers.get('location')).toMatch(/^\/main-menu\/profile\?/);
    }
  });

  it('the bank link refuses every return address but its own, and starts no attempt', async () => {
    const owner = await signUpAndConfirm(server);
    for (const redirect of [
      ...HOSTILE,
      `${server.url}/gocardless-redirect/../x`,
      `${server.url}.evil.example/gocardless-redirect`,
    ]) {
      const res = await server.post(
        '/api/gocardless/build-a-link',
        { user_id: owner.id, institution_id: 'SANDBOXFINANCE_SFIN0000', redirect },
        owner.access_token,
      );
      expect(res.status, redirect).toBe(400);
      expect(res.body.code, redirect).toBe('redirect_not_allowed');
    }
    expect(await db().select().from(connectAttempts).where(eq(connectAttempts.userId, owner.id))).toEqual([]);
  });

  it("a page asked for under a foreign Host or a path that looks like another site stays on PUBLIC_URL's origin", async () => {
    const host = new URL(server.url).host;
    const paths = [
      '//evil.example/x',
      '/\\evil.example/x',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '/login?next=https://evil.example',
    ];
    for (const target of paths) {
      for (const asHost of [host, 'evil.example', 'evil.example:443', `${host}@evil.example`]) {
        const res = await rawGet(target, asHost);
        expect(res.status, `${asHost} ${target}`).toBeLessThan(500);
        expect(onSite(res.location), `${asHost} ${target} → ${res.location}`).toBe(true);
      }
    }
  });

  it("the simulators' consent pages send nowhere but the app's own return page", async () => {
    const owner = await signUpAndConfirm(server);
    for (const processor of ['stripe', 'square', 'sumup'] as const) {
      const auth = await server.post(
        '/api/integrations/authorization-url',
        { id: owner.id, processor },
        owner.access_token,
      );
      for (const redirect of HOSTILE) {
        const url = new URL(auth.body.url);
        url.searchParams.set('redirect_uri', redirect);
        const page = await fetch(url, { redirect: 'manual' });
        expect(onSite(page.headers.get('location')), `${processor} ${redirect}`).toBe(true);
        expect(page.status, `${processor} ${redirect}`).toBe(400);
      }
    }
  });
});
