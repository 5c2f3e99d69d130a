import { DEMO_ACCOUNT } from '@brade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signUpAndConfirm, startTestServer, type TestServer, uniqueEmail } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const NEW_PASSWORD = 'Balayage88';

function linkFrom(mail: { text: string } | undefined): string {
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error('no link in the e-mail');
  return link;
}

async function followLink(link: string) {
  const url = new URL(link);
  return server.get(url.pathname + url.search);
}

function tokensFrom(location: string | null) {
  const hash = new URLSearchParams(new URL(location ?? '').hash.slice(1));
  return {
    access_token: hash.get('access_token') ?? '',
    refresh_token: hash.get('refresh_token') ?? '',
    type: hash.get('type'),
  };
}

describe('password reset', () => {
  it('answers the same for known and unknown e-mails', async () => {
    const owner = await signUpAndConfirm(server);
    const redirect_to = `${server.url}/set-new-password`;
    const known = await server.post('/api/request_password_reset', { email: owner.email, redirect_to });
    const unknown = await server.post('/api/request_password_reset', { email: uniqueEmail('nobody'), redirect_to });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(await server.mailsTo(owner.email)).toHaveLength(2);
  });

  it('walks link → recovery session → new password; revokes every session and e-mails the owner', async () => {
    const owner = await signUpAndConfirm(server);
    await server.post('/api/request_password_reset', {
      email: owner.email,
      redirect_to: `${server.url}/set-new-password`,
    });
    const link = linkFrom((await server.mailsTo(owner.email))[0]);

    const landing = await followLink(link);
    expect(landing.status).toBe(303);
    const location = landing.headers.get('location');
    expect(location).toMatch(new RegExp(`^${server.url}/set-new-password#access_token=`));
    expect(landing.headers.get('referrer-policy')).toBe('no-referrer');
    const recovery = tokensFrom(location);
    expect(recovery.type).toBe('recovery');

    // A recovery session opens nothing but the reset itself.
    expect((await server.get(`/api/database/get-user-details/${owner.id}`, recovery.access_token)).status).toBe(401);
    expect((await server.post('/api/refresh_token', { refresh_token: recovery.refresh_token })).status).toBe(401);

    const reauth = await server.post('/api/reauthenticate', recovery);
    expect(reauth.status).toBe(200);
    expect(reauth.body.id).toBe(owner.id);

    const weak = await server.post('/api/update_password', { ...recovery, password: 'weak' });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toBe('Password does not meet all requirements');
    expect(weak.body.reason).toBeUndefined();
    // A common password passes every rule chip: the answer says why it is refused.
    const common = await server.post('/api/update_password', { ...recovery, password: 'Newpass123' });
    expect(common.status).toBe(400);
    expect(common.body.error).toBe('Password does not meet all requirements');
    expect(common.body.reason).toBe('This password is on a list of commonly used passwords: choose another.');

    const done = await server.post('/api/update_password', { ...recovery, password: NEW_PASSWORD });
    expect(done.status).toBe(200);

    // Every session ended, the recovery one too (no automatic sign-in).
    expect((await server.get(`/api/database/get-user-details/${owner.id}`, owner.access_token)).status).toBe(401);
    expect((await server.post('/api/update_password', { ...recovery, password: 'Another99x' })).status).toBe(401);
    expect((await server.post('/api/signin_user', { email: owner.email, password: GOOD_PASSWORD })).status).toBe(401);
    expect((await server.post('/api/signin_user', { email: owner.email, password: NEW_PASSWORD })).status).toBe(200);
    expect((await server.mailsTo(owner.email))[0]?.subject).toBe('Your Brade password was changed');

    // The link works once.
    const again = await followLink(link);
    expect(again.headers.get('location')).toMatch(/#error=access_denied/);
  });

  it.each([
    ['another origin', 'https://evil.example/steal'],
    ['a same-origin page that redirects onwards', '/sandbox/stripe/oauth/authorize?redirect_uri=https://evil.example'],
    ['a same-origin absolute URL', '{origin}/sandbox/sumup/authorize?redirect_uri=https://evil.example/x'],
    ['another same-origin page', '{origin}/main-menu/dashboard'],
  ])('lands on /set-new-password whatever redirect_to names (%s)', async (_what, target) => {
    const owner = await signUpAndConfirm(server);
    const redirect_to = target.replace('{origin}', server.url);
    const asked = await server.post('/api/request_password_reset', { email: owner.email, redirect_to });
    expect(asked.status).toBe(200);
    const link = linkFrom((await server.mailsTo(owner.email))[0]);
    expect(link).not.toContain('redirect_to');
    const landing = await followLink(link);
    expect(landing.headers.get('location')).toMatch(new RegExp(`^${server.url}/set-new-password#access_token=`));
  });

  it('ignores a redirect_to added to the e-mailed link', async () => {
    const owner = await signUpAndConfirm(server);
    await server.post('/api/request_password_reset', { email: owner.email });
    const link = new URL(linkFrom((await server.mailsTo(owner.email))[0]));
    link.searchParams.set('redirect_to', `${server.url}/sandbox/stripe/oauth/authorize`);
    const landing = await followLink(link.toString());
    expect(landing.headers.get('location')).toMatch(new RegExp(`^${server.url}/set-new-password#access_token=`));
  });

  it('refuses mismatched or garbage token pairs', async () => {
    const a = await signUpAndConfirm(server);
    const b = await signUpAndConfirm(server);
    const mixed = await server.post('/api/reauthenticate', {
      access_token: a.access_token,
      refresh_token: b.refresh_token,
    });
    expect(mixed.status).toBe(401);
    expect((await server.post('/api/reauthenticate', { access_token: 'x', refresh_token: 'y' })).status).toBe(401);
    // A normal session cannot set a password without the current one.
    const normal = await server.post('/api/update_password', {
      access_token: a.access_token,
      refresh_token: a.refresh_token,
      password: NEW_PASSWORD,
    });
    expect(normal.status).toBe(401);
  });

  it('sends no reset link to the demo account', async () => {
    const res = await server.post('/api/request_password_reset', { email: DEMO_ACCOUNT.email });
    expect(res.status).toBe(200);
    expect((await server.mailsTo(DEMO_ACCOUNT.email)).filter((m) => m.subject.includes('Reset'))).toHaveLength(0);
  });
});
