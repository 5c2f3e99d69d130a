import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../accounts/tables.js';
import { codeFrom, GOOD_PASSWORD, startTestServer, type TestServer, uniqueEmail } from '../test/test-server.js';
import { oneTimeCodes } from './tables.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const signup = (email: string, password = GOOD_PASSWORD, fullName = 'Priya Shah') =>
  server.post('/api/signup_user', { email, password, options: { data: { full_name: fullName } } });

async function countUsers(): Promise<number> {
  const [row] = await server.ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return Number(row!.n);
}

describe('POST /api/signup_user', () => {
  it('creates an unconfirmed account, answers its id and e-mails a 6-digit code', async () => {
    const email = uniqueEmail();
    const res = await signup(email);
    expect(res.status).toBe(200);
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const [mail] = await server.mailsTo(email);
    expect(mail?.subject).toMatch(/confirmation code/);
    expect(codeFrom(mail)).toMatch(/^\d{6}$/);
    expect(mail?.html).toContain(codeFrom(mail));
    const signin = await server.post('/api/signin_user', { email, password: GOOD_PASSWORD });
    expect(signin.status).toBe(403);
    expect(signin.body.code).toBe('email_not_confirmed');
  });

  it.each([
    [{ email: 'a@b.co', password: GOOD_PASSWORD, options: { data: { full_name: '  ' } } }, 'Full Name is required'],
    [{ email: '', password: GOOD_PASSWORD, options: { data: { full_name: 'A' } } }, 'Email is required'],
    [
      { email: 'not-an-email', password: GOOD_PASSWORD, options: { data: { full_name: 'A' } } },
      'Please enter a valid email address',
    ],
    [{ email: 'a@b.co', password: 'short1A', options: { data: { full_name: 'A' } } }, undefined],
    [
      { email: 'a@b.co', password: 'alllowercase1', options: { data: { full_name: 'A' } } },
      'Password does not meet all requirements',
    ],
    [
      { email: 'a@b.co', password: 'Abcdefghijklmnop1', options: { data: { full_name: 'A' } } },
      'Password does not meet all requirements',
    ],
    [
      { email: 'a@b.co', password: 'Password123', options: { data: { full_name: 'A' } } },
      'This password is too common. Please choose another.',
    ],
    [
      { email: 'a@b.co', password: 42, options: { data: { full_name: 'A' } } },
      'Password does not meet all requirements',
    ],
    [{ email: 'a@b.co', password: GOOD_PASSWORD }, undefined],
  ])('refuses %j with a 400 and the spec message, writing nothing', async (body, message) => {
    const before = await countUsers();
    const res = await server.post('/api/signup_user', body);
    if (message === undefined && (body as { password: unknown }).password === 'short1A') {
      // 7 characters with upper, lower and digit is valid: the boundary case is accepted.
      expect(res.status).toBe(200);
      return;
    }
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    if (message) expect(res.body.error).toBe(message);
    expect(res.body.fields).toBeTypeOf('object');
    expect(await countUsers()).toBe(before);
  });

  it('answers the same for an address that already has a confirmed account, mails its owner and sends no code', async () => {
    const res = await signup('demo@brade.app');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['id']);
    const [mail] = await server.mailsTo('demo@brade.app');
    expect(mail?.subject).toBe('Someone tried to sign up with your e-mail');
    expect(mail?.text).not.toMatch(/\b\d{6}\b/);
    const verify = await server.post('/api/verify_otp', { email: 'demo@brade.app', token: '123456' });
    expect(verify.status).toBe(400);
  });
});

describe('POST /api/verify_otp', () => {
  it('confirms with the e-mailed code, returns id and a session, and the code works only once', async () => {
    const email = uniqueEmail();
    const { body } = await signup(email);
    const code = codeFrom((await server.mailsTo(email))[0]);
    const res = await server.post('/api/verify_otp', { email, token: code });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(body.id);
    expect(res.body.access_token).toBeTruthy();
    expect(res.body.refresh_token).toBeTruthy();
    const details = await server.get(`/api/database/get-user-details/${body.id}`, res.body.access_token);
    expect(details.status).toBe(200);
    expect(details.body.full_name).toBe('Priya Shah');

    const again = await server.post('/api/verify_otp', { email, token: code });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('Invalid OTP. Please try again.');
  });

  it('kills a code after 5 wrong tries: the right code then fails too', async () => {
    const email = uniqueEmail();
    await signup(email);
    const code = codeFrom((await server.mailsTo(email))[0]);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await server.post('/api/verify_otp', { email, token: wrong });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'Invalid OTP. Please try again.', code: 'invalid_otp' });
    }
    const right = await server.post('/api/verify_otp', { email, token: code });
    expect(right.status).toBe(400);
  });

  it('accepts the right code after fewer than 5 wrong tries', async () => {
    const email = uniqueEmail();
    await signup(email);
    const code = codeFrom((await server.mailsTo(email))[0]);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await server.post('/api/verify_otp', { email, token: wrong });
    expect((await server.post('/api/verify_otp', { email, token: code })).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail();
    const { body } = await signup(email);
    const code = codeFrom((await server.mailsTo(email))[0]);
    await server.ctx.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${oneTimeCodes.userId} = ${body.id}`);
    const res = await server.post('/api/verify_otp', { email, token: code });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid OTP. Please try again.');
  });

  it('answers an unknown e-mail exactly like a wrong code', async () => {
    const res = await server.post('/api/verify_otp', { email: uniqueEmail('nobody'), token: '123456' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid OTP. Please try again.', code: 'invalid_otp' });
  });

  it('refuses a malformed code with the six-digit message', async () => {
    const res = await server.post('/api/verify_otp', { email: uniqueEmail(), token: '12a4' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Please enter all 6 digits');
  });
});

describe('POST /api/resend_otp', () => {
  it('sends at most one code a minute; a new code kills the old one', async () => {
    const email = uniqueEmail();
    const { body } = await signup(email);
    const first = codeFrom((await server.mailsTo(email))[0]);
    const tooSoon = await server.post('/api/resend_otp', { email });
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await server.mailsTo(email)).toHaveLength(1);

    await server.ctx.database.db
      .update(oneTimeCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(sql`${oneTimeCodes.userId} = ${body.id}`);
    const res = await server.post('/api/resend_otp', { email });
    expect(res.status).toBe(200);
    const mails = await server.mailsTo(email);
    expect(mails).toHaveLength(2);
    const second = codeFrom(mails[0]);
    if (second !== first) {
      expect((await server.post('/api/verify_otp', { email, token: first })).status).toBe(400);
    }
    expect((await server.post('/api/verify_otp', { email, token: second })).status).toBe(200);
  });

  it('answers 200 for an unknown address without sending anything', async () => {
    const email = uniqueEmail('ghost');
    const res = await server.post('/api/resend_otp', { email });
    expect(res.status).toBe(200);
    expect(await server.mailsTo(email)).toHaveLength(0);
  });
});
