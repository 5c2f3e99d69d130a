import { DEMO_ACCOUNT, PROFILE_MESSAGES } from '@brade/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signUpAndConfirm, startTestServer, type TestServer, uniqueEmail } from '../test/test-server.js';
import { CREDENTIAL_LIMITS } from './credential-limits.js';
import { emailChangeRequests } from './tables.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Owner = Awaited<ReturnType<typeof signUpAndConfirm>>;

const requestChange = (owner: Owner, email: string, refresh_token = owner.refresh_token) =>
  server.post('/api/database/update-email', { id: owner.id, email, refresh_token }, owner.access_token);
const emailOf = async (owner: Owner) =>
  (await server.get(`/api/database/get-user-details/${owner.id}`, owner.access_token)).body.email as string;

function linkIn(mail: { text: string } | undefined): string {
  const link = mail?.text.match(/https?:\/\/\S+confirm-email-change\?token=\S+/)?.[0];
  if (!link) throw new Error('no confirmation link in the e-mail');
  return link;
}

/** Follows the e-mailed link as a browser would: the address, then where it was sent. */
async function follow(link: string): Promise<{ status: number; location: string | null }> {
  const url = new URL(link);
  const res = await server.request('GET', url.pathname + url.search);
  return { status: res.status, location: res.headers.get('location') };
}

describe('changing the e-mail address', () => {
  it('sends a link to the new address and a notice to the old one; nothing changes until the link is followed', async () => {
    const owner = await signUpAndConfirm(server);
    const next = uniqueEmail('moved');
    const res = await requestChange(owner, `  ${next.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: PROFILE_MESSAGES.email.success });
    expect(await emailOf(owner)).toBe(owner.email);

    const [confirm] = await server.mailsTo(next);
    expect(confirm?.subject).toBe('Confirm your new Brade e-mail address');
    expect(confirm?.text).toContain('expires in 24 hours');
    const [notice] = await server.mailsTo(owner.email);
    expect(notice?.subject).toBe('A change of your Brade e-mail address was requested');
    expect(notice?.text).toContain(next);

    const landed = await follow(linkIn(confirm));
    expect(landed).toEqual({ status: 303, location: '/main-menu/profile?email_change=confirmed' });
    expect(await emailOf(owner)).toBe(next);
    const [changed] = await server.mailsTo(owner.email);
    expect(changed?.subject).toBe('Your Brade e-mail address was changed');
    expect(changed?.text).toContain(next);

    // The owner now signs in with the new address only.
    expect((await server.post('/api/signin_user', { email: next, password: GOOD_PASSWORD })).status).toBe(200);
    expect((await server.post('/api/signin_user', { email: owner.email, password: GOOD_PASSWORD })).status).toBe(401);
  });

  it('lets a link work once, and only the newest link of an owner', async () => {
    const owner = await signUpAndConfirm(server);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await requestChange(owner, first);
    await requestChange(owner, second);
    const stale = await follow(linkIn((await server.mailsTo(first))[0]));
    expect(stale.location).toBe('/main-menu/profile?email_change=invalid');
    expect(await emailOf(owner)).toBe(owner.email);

    const link = linkIn((await server.mailsTo(second))[0]);
    expect((await follow(link)).location).toBe('/main-menu/profile?email_change=confirmed');
    expect((await follow(link)).location).toBe('/main-menu/profile?email_change=invalid');
    expect(await emailOf(owner)).toBe(second);
  });

  it('expires the link after 24 hours', async () => {
    const owner = await signUpAndConfirm(server);
    const next = uniqueEmail('late');
    await requestChange(owner, next);
    await server.ctx.database.db
      .update(emailChangeRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeRequests.userId, owner.id));
    expect((await follow(linkIn((await server.mailsTo(next))[0]))).location).toBe(
      '/main-menu/profile?email_change=invalid',
    );
    expect(await emailOf(owner)).toBe(owner.email);
  });

  it('refuses an unknown or missing token without changing anything', async () => {
    expect((await follow(`${server.url}/api/auth/confirm-email-change?token=not-a-real-token`)).location).toBe(
      '/main-menu/profile?email_change=invalid',
    );
    expect((await follow(`${server.url}/api/auth/confirm-email-change`)).location).toBe(
      '/main-menu/profile?email_change=invalid',
    );
  });

  it('refuses an address already in use, saying no more than that, and sends nothing', async () => {
    const owner = await signUpAndConfirm(server);
    const other = await signUpAndConfirm(server);
    const res = await requestChange(owner, other.email.toUpperCase());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: PROFILE_MESSAGES.email.inUse,
      code: 'bad_request',
      fields: { email: PROFILE_MESSAGES.email.inUse },
    });
    expect((await server.mailsTo(other.email)).map((m) => m.subject)).not.toContain(
      'Confirm your new Brade e-mail address',
    );
    expect((await server.mailsTo(owner.email)).map((m) => m.subject)).not.toContain(
      'A change of your Brade e-mail address was requested',
    );
    expect(await emailOf(owner)).toBe(owner.email);
  });

  it('refuses the change when the address was taken between the request and the link', async () => {
    const owner = await signUpAndConfirm(server);
    const next = uniqueEmail('contested');
    await requestChange(owner, next);
    await signUpAndConfirm(server, next);
    expect((await follow(linkIn((await server.mailsTo(next)).at(-1)))).location).toBe(
      '/main-menu/profile?email_change=in_use',
    );
    expect(await emailOf(owner)).toBe(owner.email);
  });

  it.each([
    ['', 'Email is required'],
    ['not-an-email', 'Please enter a valid email address'],
    ['two@@example.com', 'Please enter a valid email address'],
  ])('refuses %j with "%s"', async (email, message) => {
    const owner = await signUpAndConfirm(server);
    const res = await requestChange(owner, email);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.fields.email).toBe(message);
  });

  it('refuses the current address and a refresh token of another session', async () => {
    const owner = await signUpAndConfirm(server);
    const same = await requestChange(owner, owner.email);
    expect(same.status).toBe(400);
    expect(same.body.error).toBe(PROFILE_MESSAGES.email.unchanged);

    const elsewhere = (await server.post('/api/signin_user', { email: owner.email, password: GOOD_PASSWORD })).body;
    const next = uniqueEmail('hijack');
    const mismatched = await requestChange(owner, next, elsewhere.refresh_token);
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.error).toBe(PROFILE_MESSAGES.email.staleSession);
    const missing = await server.post('/api/database/update-email', { id: owner.id, email: next }, owner.access_token);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('refresh_token is required');
    expect(await server.mailsTo(next)).toEqual([]);
  });

  it('allows five requests an hour per owner, then answers 429 and sends nothing more', async () => {
    const owner = await signUpAndConfirm(server);
    for (let i = 0; i < CREDENTIAL_LIMITS.emailChange.max; i += 1) {
      expect((await requestChange(owner, uniqueEmail(`try${i}`))).status).toBe(200);
    }
    const next = uniqueEmail('one-too-many');
    const refused = await requestChange(owner, next);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(await server.mailsTo(next)).toEqual([]);
  });

  it("answers 404 for another owner's id, 401 without a session, 403 for the demo account", async () => {
    const a = await signUpAndConfirm(server);
    const b = await signUpAndConfirm(server);
    const next = uniqueEmail('probe');
    const body = { id: b.id, email: next, refresh_token: a.refresh_token };
    expect((await server.post('/api/database/update-email', body, a.access_token)).status).toBe(404);
    expect((await server.post('/api/database/update-email', body)).status).toBe(401);

    const demo = (await server.post('/api/signin_user', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }))
      .body;
    const refused = await server.post(
      '/api/database/update-email',
      { id: demo.id, email: next, refresh_token: demo.refresh_token },
      demo.access_token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('The demo account is read-only: its e-mail address cannot be changed.');
    expect(await server.mailsTo(next)).toEqual([]);
  });
});

describe('a waiting e-mail change dies with the session that asked for it', () => {
  it('tells the old address that a password change or reset cancels it', async () => {
    const owner = await signUpAndConfirm(server);
    await requestChange(owner, uniqueEmail('advice'));
    const [notice] = await server.mailsTo(owner.email);
    expect(notice?.text).toContain('either cancels this change and signs out every other device');
  });

  it('is cancelled by a password change from the profile', async () => {
    const owner = await signUpAndConfirm(server);
    const next = uniqueEmail('stolen');
    await requestChange(owner, next);
    const changed = await server.post(
      '/api/database/update-password',
      { id: owner.id, current_password: GOOD_PASSWORD, new_password: 'Balayage77' },
      owner.access_token,
    );
    expect(changed.status).toBe(200);
    expect((await follow(linkIn((await server.mailsTo(next))[0]))).location).toBe(
      '/main-menu/profile?email_change=invalid',
    );
    expect(await emailOf(owner)).toBe(owner.email);
  });

  it('is cancelled by a password reset', async () => {
    const owner = await signUpAndConfirm(server);
    const next = uniqueEmail('reset');
    await requestChange(owner, next);
    await server.post('/api/request_password_reset', { email: owner.email });
    const resetLink = (await server.mailsTo(owner.email))[0]?.text.match(/https?:\/\/\S+recover\S+/)?.[0];
    const landing = await server.request('GET', new URL(resetLink!).pathname + new URL(resetLink!).search);
    const hash = new URLSearchParams(new URL(landing.headers.get('location')!).hash.slice(1));
    const tokens = { access_token: hash.get('access_token'), refresh_token: hash.get('refresh_token') };
    expect((await server.post('/api/update_password', { ...tokens, password: 'Balayage77' })).status).toBe(200);
    expect((await follow(linkIn((await server.mailsTo(next))[0]))).location).toBe(
      '/main-menu/profile?email_change=invalid',
    );
    expect((await server.post('/api/signin_user', { email: owner.email, password: 'Balayage77' })).status).toBe(200);
  });

  it('stops working once the session that asked has signed out', async () => {
    const owner = await signUpAndConfirm(server);
    const next = uniqueEmail('signed-out');
    await requestChange(owner, next);
    await server.post('/api/signout_user', { refresh_token: owner.refresh_token, access_token: owner.access_token });
    expect((await follow(linkIn((await server.mailsTo(next))[0]))).location).toBe(
      '/main-menu/profile?email_change=invalid',
    );
    const again = (await server.post('/api/signin_user', { email: owner.email, password: GOOD_PASSWORD })).body;
    expect((await server.get(`/api/database/get-user-details/${owner.id}`, again.access_token)).body.email).toBe(
      owner.email,
    );
  });
});
