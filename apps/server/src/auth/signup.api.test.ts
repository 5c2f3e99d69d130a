import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../accounts/tables.js';
import { rateLimits } from '../rate-limits/tables.js';
import { codeFrom, GOOD_PASSWORD, startTestServer, type TestServer, uniqueEmail } from '../test/test-server.js';
import { RESEND_ANSWER } from './routes.js';
import { signupAttempts, signupCodes } from './tables.js';

let server: TestServer;
beforeAll(async () => {
  // Every request comes from 127.0.0.1: the per-IP allowances are widened so the per-address rules are what is tested.
  const wide = (name: string) => ({ name, max: 10_000, windowSeconds: 300 });
  server = await startTestServer({
    limits: { signupPerIp: wide('signup:ip'), verifyPerIp: wide('verify:ip'), resendPerIp: wide('resend:ip') },
  });
});
afterAll(() => server.close());

const signup = (email: string, password = GOOD_PASSWORD, fullName = 'Priya Shah') =>
  server.post('/api/signup_user', { email, password, options: { data: { full_name: fullName } } });
const verify = (email: string, token: string, id?: string) =>
  server.post('/api/verify_otp', { email, token, ...(id ? { id } : {}) });
const signin = (email: string, password: string) => server.post('/api/signin_user', { email, password });
const codeMails = async (email: string) =>
  (await server.mailsTo(email)).filter((m) => m.subject === 'Your Brade confirmation code');
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

async function countUsers(): Promise<number> {
  const [row] = await server.ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return Number(row!.n);
}

/** Moves every code of the address back in time, as if minutes had passed. */
async function ageCodes(email: string, seconds: number, expire = false) {
  const { db } = server.ctx.database;
  const attempts = db.select({ id: signupAttempts.id }).from(signupAttempts).where(eq(signupAttempts.email, email));
  await db
    .update(signupCodes)
    .set({
      createdAt: sql`${signupCodes.createdAt} - make_interval(secs => ${seconds})`,
      ...(expire ? { expiresAt: new Date(Date.now() - 1000) } : {}),
    })
    .where(inArray(signupCodes.attemptId, attempts));
  if (expire)
    await db
      .update(signupAttempts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signupAttempts.email, email));
}

describe('POST /api/signup_user', () => {
  it('answers an id and e-mails a 6-digit code with neither the name nor the code in the subject', async () => {
    const email = uniqueEmail();
    const res = await signup(email, GOOD_PASSWORD, 'Click https://evil.example now');
    expect(res.status).toBe(200);
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const [mail] = await server.mailsTo(email);
    expect(mail?.subject).toBe('Your Brade confirmation code');
    expect(codeFrom(mail)).toMatch(/^\d{6}$/);
    expect(mail?.html).toContain(codeFrom(mail));
    expect(`${mail?.text}${mail?.html}`).not.toMatch(/evil|Click/);
  });

  it.each<[unknown, string | undefined]>([
    [{ email: 'a@b.co', password: GOOD_PASSWORD, options: { data: { full_name: '  ' } } }, 'Full Name is required'],
    [{ email: '', password: GOOD_PASSWORD, options: { data: { full_name: 'A' } } }, 'Email is required'],
    [
      { email: 'not-an-email', password: GOOD_PASSWORD, options: { data: { full_name: 'A' } } },
      'Please enter a valid email address',
    ],
    [
      { email: 'a@b.co', password: 'alllowercase1', options: { data: { full_name: 'A' } } },
      'Password does not meet all requirements',
    ],
    [
      { email: 'a@b.co', password: 'Abcdefghijklmnop1', options: { data: { full_name: 'A' } } },
      'Password does not meet all requirements',
    ],
    // Common passwords (case and trailing digits and symbols aside) and the demo's password get the spec's sentence.
    ...['Password123', 'Fringe2026', 'Summer2026!', 'Brade2026', 'bRADE99'].map((password): [unknown, string] => [
      { email: 'a@b.co', password, options: { data: { full_name: 'A' } } },
      'Password does not meet all requirements',
    ]),
    [
      { email: 'a@b.co', password: 42, options: { data: { full_name: 'A' } } },
      'Password does not meet all requirements',
    ],
    [{ email: 'a@b.co', password: GOOD_PASSWORD }, undefined],
  ])('refuses %j with a 400 and the spec message, writing and sending nothing', async (body, message) => {
    const before = await countUsers();
    const res = await server.post('/api/signup_user', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    if (message) expect(res.body.error).toBe(message);
    expect(res.body.fields).toBeTypeOf('object');
    expect(await countUsers()).toBe(before);
    expect(await server.mailsTo('a@b.co')).toEqual([]);
  });

  it("says why a common password is refused in the answer's reason, beside the spec sentence", async () => {
    // 'Newpass123' lights all four rule chips: the spec sentence alone would leave nothing to fix.
    const res = await signup(uniqueEmail(), 'Newpass123');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Password does not meet all requirements',
      code: 'validation_failed',
      fields: { password: 'Password does not meet all requirements' },
      reason: 'This password is on a list of commonly used passwords: choose another.',
    });
    // A password that breaks a visible rule has no reason beyond the rule.
    expect((await signup(uniqueEmail(), 'alllowercase1')).body.reason).toBeUndefined();
  });

  it('accepts the 7-character boundary', async () => {
    expect((await signup(uniqueEmail(), 'Chign0n')).status).toBe(200);
  });

  it('answers unknown, waiting and confirmed addresses alike, before looking any of them up', async () => {
    const waiting = uniqueEmail('waiting');
    await signup(waiting);
    const confirmed = uniqueEmail('confirmed');
    await signup(confirmed);
    expect((await verify(confirmed, codeFrom((await server.mailsTo(confirmed))[0]))).status).toBe(200);
    const unknown = uniqueEmail('unknown');

    // With the after-reply work held, an answer that waited for the lookup or the e-mail would never come.
    const release = server.ctx.afterReply.hold();
    const answers = await Promise.all([signup(unknown), signup(waiting), signup(confirmed)]);
    const resends = await Promise.all(
      [unknown, waiting, confirmed].map((email) => server.post('/api/resend_otp', { email })),
    );
    release();

    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['id']);
      expect(res.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    for (const res of resends) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: RESEND_ANSWER });
      expect(res.headers.get('retry-after')).toBeNull();
    }
    expect(await codeMails(unknown)).toHaveLength(1);
    expect(await codeMails(waiting)).toHaveLength(2);
    const toOwner = await server.mailsTo(confirmed);
    expect(toOwner[0]?.subject).toBe('Someone tried to sign up with your e-mail');
    expect(toOwner[0]?.text).not.toMatch(/\b\d{6}\b/);
  });

  it('a second sign-up of a waiting address never touches the first: each keeps its password and its code', async () => {
    const email = uniqueEmail('victim');
    const owner = await signup(email, GOOD_PASSWORD);
    const ownerCode = codeFrom((await codeMails(email))[0]);
    const attacker = await signup(email, 'Attacker2026x', 'Mallory');
    expect(attacker.status).toBe(200);
    expect(attacker.body.id).not.toBe(owner.body.id);
    const attackerCode = codeFrom((await codeMails(email))[0]);

    // The attacker's code (mailed to the owner) cannot confirm the owner's own sign-up.
    if (attackerCode !== ownerCode) expect((await verify(email, attackerCode, owner.body.id)).status).toBe(400);
    const confirmed = await verify(email, ownerCode, owner.body.id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.id).toBe(owner.body.id);
    const details = await server.get(`/api/database/get-user-details/${owner.body.id}`, confirmed.body.access_token);
    expect(details.body.full_name).toBe('Priya Shah');
    expect((await signin(email, GOOD_PASSWORD)).status).toBe(200);
    expect((await signin(email, 'Attacker2026x')).status).toBe(401);
    // Once the address has its account, the other attempt's code is spent.
    expect((await verify(email, attackerCode)).status).toBe(400);
  });

  it('a code confirms the attempt it was mailed for, with that attempt’s password', async () => {
    const email = uniqueEmail('two');
    const first = await signup(email, GOOD_PASSWORD);
    const firstCode = codeFrom((await codeMails(email))[0]);
    await signup(email, 'Balayage77', 'Second Try');
    const secondCode = codeFrom((await codeMails(email))[0]);
    if (secondCode === firstCode) return;
    const res = await verify(email, secondCode);
    expect(res.status).toBe(200);
    expect(res.body.id).not.toBe(first.body.id);
    expect((await signin(email, 'Balayage77')).status).toBe(200);
    expect((await signin(email, GOOD_PASSWORD)).status).toBe(401);
  });

  it('keeps at most 3 live attempts: a 4th answers alike and sends nothing, until the codes expire', async () => {
    const email = uniqueEmail('busy');
    for (let i = 0; i < 3; i++) expect((await signup(email)).status).toBe(200);
    expect(await codeMails(email)).toHaveLength(3);
    const fourth = await signup(email);
    expect(fourth.status).toBe(200);
    expect(Object.keys(fourth.body)).toEqual(['id']);
    expect(await codeMails(email)).toHaveLength(3);
    await ageCodes(email, 11 * 60, true);
    expect((await signup(email)).status).toBe(200);
    expect(await codeMails(email)).toHaveLength(4);
  });

  it('keeps at most 3 live attempts when sign-ups arrive all at once', async () => {
    const email = uniqueEmail('burst');
    const answers = await Promise.all(Array.from({ length: 6 }, () => signup(email)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await codeMails(email)).toHaveLength(3);
    const { db } = server.ctx.database;
    const rows = await db.select().from(signupAttempts).where(eq(signupAttempts.email, email));
    expect(rows).toHaveLength(3);
  });
});

describe('POST /api/verify_otp', () => {
  it('confirms with the e-mailed code, returns id and a session, and the code works only once', async () => {
    const email = uniqueEmail();
    const { body } = await signup(email);
    const code = codeFrom((await server.mailsTo(email))[0]);
    const res = await verify(email, code, body.id);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(body.id);
    expect(res.body.access_token).toBeTruthy();
    expect(res.body.refresh_token).toBeTruthy();
    const details = await server.get(`/api/database/get-user-details/${body.id}`, res.body.access_token);
    expect(details.status).toBe(200);
    expect(details.body.full_name).toBe('Priya Shah');

    const again = await verify(email, code, body.id);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('Invalid OTP. Please try again.');
  });

  it('lets no outsider kill a code: after wrong guesses the right code still works', async () => {
    const email = uniqueEmail();
    const { body } = await signup(email);
    const code = codeFrom((await server.mailsTo(email))[0]);
    for (let i = 0; i < 9; i++) {
      const res = await verify(email, wrongFor(code));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid OTP. Please try again.', code: 'invalid_otp' });
    }
    expect((await verify(email, code, body.id)).status).toBe(200);
  });

  it('pauses verification of an address for 10 minutes after 10 wrong guesses across its attempts', async () => {
    const email = uniqueEmail();
    const first = await signup(email);
    const code = codeFrom((await codeMails(email))[0]);
    await signup(email);
    for (let i = 0; i < 10; i++) expect((await verify(email, wrongFor(code))).status).toBe(400);
    const paused = await verify(email, code, first.body.id);
    expect(paused.status).toBe(429);
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(Number(paused.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    // Another address is not paused.
    const other = uniqueEmail();
    await signup(other);
    expect((await verify(other, codeFrom((await server.mailsTo(other))[0]))).status).toBe(200);

    // Ten minutes later the pause is over and the owner's code, never spent by the guesses, still works.
    await server.ctx.database.db
      .update(rateLimits)
      .set({ windowStart: sql`${rateLimits.windowStart} - interval '11 minutes'` })
      .where(sql`${rateLimits.key} like ${`verify-fail:address%${email}`}`);
    expect((await verify(email, code, first.body.id)).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail();
    await signup(email);
    const code = codeFrom((await server.mailsTo(email))[0]);
    await ageCodes(email, 11 * 60, true);
    const res = await verify(email, code);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid OTP. Please try again.');
  });

  it('answers an unknown e-mail and a confirmed one exactly like a wrong code', async () => {
    const unknown = await verify(uniqueEmail('nobody'), '123456');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: 'Invalid OTP. Please try again.', code: 'invalid_otp' });
    expect((await verify('demo@brade.app', '123456')).body).toEqual(unknown.body);
  });

  it('refuses a malformed code or id with a 400', async () => {
    const res = await verify(uniqueEmail(), '12a4');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Please enter all 6 digits');
    expect((await verify(uniqueEmail(), '123456', 'not-an-id')).status).toBe(400);
  });
});

describe('POST /api/resend_otp', () => {
  it('sends a further code for the named attempt; earlier codes stay valid', async () => {
    const email = uniqueEmail();
    const { body } = await signup(email);
    const first = codeFrom((await server.mailsTo(email))[0]);
    await ageCodes(email, 61);
    const res = await server.post('/api/resend_otp', { email, id: body.id });
    expect(res.status).toBe(200);
    const mails = await codeMails(email);
    expect(mails).toHaveLength(2);
    expect((await verify(email, first, body.id)).status).toBe(200);
  });

  it('never reveals a code sent in the last minute: same answer, nothing sent', async () => {
    const email = uniqueEmail();
    await signup(email);
    const tooSoon = await server.post('/api/resend_otp', { email });
    expect(tooSoon.status).toBe(200);
    expect(tooSoon.body).toEqual({ message: RESEND_ANSWER });
    expect(await codeMails(email)).toHaveLength(1);
  });

  it('sends at most 5 code e-mails an hour per address', async () => {
    const email = uniqueEmail();
    await signup(email);
    for (let i = 0; i < 6; i++) {
      await ageCodes(email, 61);
      expect((await server.post('/api/resend_otp', { email })).body).toEqual({ message: RESEND_ANSWER });
      // The code is added after the answer: let it land before the next minute is faked.
      await server.ctx.afterReply.idle();
    }
    expect(await codeMails(email)).toHaveLength(5);
  });

  it('answers 200 for an unknown address without sending anything', async () => {
    const email = uniqueEmail('ghost');
    const res = await server.post('/api/resend_otp', { email });
    expect(res.status).toBe(200);
    expect(await server.mailsTo(email)).toHaveLength(0);
  });
});

describe('signing in before the code step is done', () => {
  it('answers as for a wrong password', async () => {
    const email = uniqueEmail('pending');
    await signup(email);
    const pending = await signin(email, GOOD_PASSWORD);
    expect(pending.status).toBe(401);
    expect(pending.body).toEqual({ error: 'Invalid email or password', code: 'invalid_credentials' });
  });
});
