import { DEMO_ACCOUNT } from '@brade/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signUpAndConfirm, startTestServer, type TestServer, uniqueEmail } from '../test/test-server.js';
import { sessions } from './tables.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const signin = (email: string, password: string) => server.post('/api/signin_user', { email, password });

describe('POST /api/signin_user', () => {
  it('signs the demo account in with the credentials shown on the login screen', async () => {
    const res = await signin(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'expires_in', 'id', 'refresh_token']);
    const details = await server.get(`/api/database/get-user-details/${res.body.id}`, res.body.access_token);
    expect(details.body).toMatchObject({
      email: DEMO_ACCOUNT.email,
      full_name: DEMO_ACCOUNT.fullName,
      salon_name: DEMO_ACCOUNT.salonName,
    });
  });

  it('gives one message for a wrong password and for an unknown e-mail', async () => {
    const wrong = await signin(DEMO_ACCOUNT.email, 'Wrong12345');
    const unknown = await signin(uniqueEmail('nobody'), 'Wrong12345');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid email or password', code: 'invalid_credentials' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('is case-insensitive on the e-mail', async () => {
    const res = await signin(DEMO_ACCOUNT.email.toUpperCase(), DEMO_ACCOUNT.password);
    expect(res.status).toBe(200);
  });

  it('refuses missing fields with a 400', async () => {
    const res = await server.post('/api/signin_user', { email: DEMO_ACCOUNT.email });
    expect(res.status).toBe(400);
    expect(res.body.fields.password).toBe('Password is required');
  });
});

describe('refresh tokens', () => {
  it('rotates: a refresh token gives a new pair once, and the new access token works', async () => {
    const owner = await signUpAndConfirm(server);
    const first = await server.post('/api/refresh_token', { refresh_token: owner.refresh_token });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(owner.refresh_token);
    const details = await server.get(`/api/database/get-user-details/${owner.id}`, first.body.access_token);
    expect(details.status).toBe(200);
  });

  it('a replayed refresh token fails and revokes its whole family', async () => {
    const owner = await signUpAndConfirm(server);
    const rotated = await server.post('/api/refresh_token', { refresh_token: owner.refresh_token });
    expect(rotated.status).toBe(200);

    const replay = await server.post('/api/refresh_token', { refresh_token: owner.refresh_token });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('invalid_token');

    // The legitimate newer token and its access token die with the family.
    const newer = await server.post('/api/refresh_token', { refresh_token: rotated.body.refresh_token });
    expect(newer.status).toBe(401);
    const access = await server.get(`/api/database/get-user-details/${owner.id}`, rotated.body.access_token);
    expect(access.status).toBe(401);
  });

  it('never moves the session’s end: it stays 30 days after sign-in, however often it refreshes', async () => {
    const owner = await signUpAndConfirm(server);
    const endOf = async () => {
      const [row] = await server.ctx.database.db.select().from(sessions).where(eq(sessions.userId, owner.id));
      return row!;
    };
    const before = await endOf();
    expect(Math.abs(before.expiresAt.getTime() - before.createdAt.getTime() - 30 * 86_400_000)).toBeLessThan(60_000);
    let refresh = owner.refresh_token;
    for (let i = 0; i < 3; i++) {
      const res = await server.post('/api/refresh_token', { refresh_token: refresh });
      expect(res.status).toBe(200);
      refresh = res.body.refresh_token;
    }
    expect((await endOf()).expiresAt).toEqual(before.expiresAt);
    // Past that end, the refresh token no longer works.
    await server.ctx.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000), expiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(sessions.userId, owner.id));
    expect((await server.post('/api/refresh_token', { refresh_token: refresh })).status).toBe(401);
  });

  it('refuses an unknown refresh token', async () => {
    const res = await server.post('/api/refresh_token', { refresh_token: 'not-a-token' });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/signout_user', () => {
  it('revokes the session server-side: its refresh token and access token stop working', async () => {
    const owner = await signUpAndConfirm(server);
    const other = await signin(owner.email, GOOD_PASSWORD);
    const out = await server.post('/api/signout_user', {
      refresh_token: owner.refresh_token,
      access_token: owner.access_token,
    });
    expect(out.status).toBe(200);
    expect((await server.post('/api/refresh_token', { refresh_token: owner.refresh_token })).status).toBe(401);
    expect((await server.get(`/api/database/get-user-details/${owner.id}`, owner.access_token)).status).toBe(401);
    // Another device's session is untouched.
    expect((await server.get(`/api/database/get-user-details/${owner.id}`, other.body.access_token)).status).toBe(200);
  });

  it('needs at least one token', async () => {
    const res = await server.post('/api/signout_user', {});
    expect(res.status).toBe(401);
  });
});

describe('bearer auth', () => {
  it('refuses a missing, malformed or forged token with 401', async () => {
    const owner = await signUpAndConfirm(server);
    const path = `/api/database/get-user-details/${owner.id}`;
    expect((await server.get(path)).status).toBe(401);
    expect((await server.get(path, 'garbage')).status).toBe(401);
    const [h, p] = owner.access_token.split('.');
    expect((await server.get(path, `${h}.${p}.forgedsignature`)).status).toBe(401);
  });
});

describe('rate limits per IP (small allowance)', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ limits: { signinPerIp: { name: 'signin:ip', max: 3, windowSeconds: 300 } } });
  });
  afterAll(() => limited.close());

  it('answers 429 once the IP has spent its allowance, for any account', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await limited.post('/api/signin_user', { email: uniqueEmail(), password: 'Wrong12345' })).status).toBe(
        401,
      );
    }
    const res = await limited.post('/api/signin_user', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('Too many attempts. Please wait a few minutes and try again.');
  });
});
