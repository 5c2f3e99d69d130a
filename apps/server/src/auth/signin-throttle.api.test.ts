import { DEMO_ACCOUNT } from '@brade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffSeconds } from '../rate-limits/signin-throttle.js';
import { GOOD_PASSWORD, signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import { DEFAULT_AUTH_LIMITS } from './limits.js';

const waits: number[] = [];
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    // Behind one trusted proxy, the forwarded address is the client's.
    env: { TRUST_PROXY: '1' },
    limits: { signinSlowdown: { ...DEFAULT_AUTH_LIMITS.signinSlowdown, afterFailures: 8 } },
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
});
afterAll(() => server.close());

let nextIp = 1;
const freshIp = () => `198.51.100.${nextIp++}`;
const signin = (email: string, password: string, ip: string) =>
  server.request('POST', '/api/signin_user', { body: { email, password }, headers: { 'x-forwarded-for': ip } });

describe('sign-in throttling', () => {
  it('grows the wait for one account from one address, doubling to a cap', () => {
    const policy = DEFAULT_AUTH_LIMITS.signinBackoff;
    expect([4, 5, 6, 7, 13, 14, 30].map((n) => backoffSeconds(policy, n))).toEqual([0, 2, 4, 8, 512, 900, 900]);
  });

  it('answers 429 with Retry-After to the guessing address, never holding the connection, while the owner signs in from elsewhere', async () => {
    const owner = await signUpAndConfirm(server);
    const attacker = freshIp();
    for (let i = 0; i < 5; i++) expect((await signin(owner.email, 'Wrong12345x', attacker)).status).toBe(401);
    const throttled = await signin(owner.email, GOOD_PASSWORD, attacker);
    expect(throttled.status).toBe(429);
    expect(throttled.body.code).toBe('rate_limited');
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(throttled.headers.get('retry-after'))).toBeLessThanOrEqual(2);
    // Ten wrong passwords from anywhere do not lock the owner out.
    for (let i = 0; i < 5; i++) expect((await signin(owner.email, 'Wrong12345x', freshIp())).status).toBe(401);
    expect((await signin(owner.email, GOOD_PASSWORD, freshIp())).status).toBe(200);
  });

  it('holds back every attempt on a targeted account, then answers normally, and tells the owner once', async () => {
    const owner = await signUpAndConfirm(server);
    waits.length = 0;
    for (let i = 0; i < 8; i++) expect((await signin(owner.email, 'Wrong12345x', freshIp())).status).toBe(401);
    expect(waits).toEqual([]);
    expect((await signin(owner.email, GOOD_PASSWORD, freshIp())).status).toBe(200);
    expect((await signin(owner.email, 'Wrong12345x', freshIp())).status).toBe(401);
    expect((await signin(owner.email, GOOD_PASSWORD, freshIp())).status).toBe(200);
    expect(waits).toHaveLength(3);
    expect(waits.every((ms) => ms > 0 && ms <= 2000)).toBe(true);
    const alerts = (await server.mailsTo(owner.email)).filter(
      (m) => m.subject === 'Many failed sign-ins to your Brade account',
    );
    expect(alerts).toHaveLength(1);
  });

  it('never slows the demo account for everyone', async () => {
    waits.length = 0;
    for (let i = 0; i < 10; i++) await signin(DEMO_ACCOUNT.email, 'Wrong12345x', freshIp());
    expect((await signin(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, freshIp())).status).toBe(200);
    expect(waits).toEqual([]);
  });
});
