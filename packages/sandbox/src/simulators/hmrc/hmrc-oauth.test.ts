import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAuthority, validFraudHeaders } from '../../test/hmrc-test-helpers';
import type { LooseJson } from '../common/loose-json';
import { createHmrcSimulator } from './hmrc-simulator';

const REDIRECT = 'http://127.0.0.1:3000/hmrc-redirect';
const CLIENT = { client_id: 'brade-sandbox', client_secret: 'brade-sandbox-secret' };
let now = new Date('2026-04-20T10:00:00Z');
let url: string;
let close: () => Promise<void>;

function authorizeUrl(params: Record<string, string> = {}) {
  const address = new URL(`${url}/oauth/authorize`);
  address.search = new URLSearchParams({
    response_type: 'code',
    client_id: 'brade-sandbox',
    scope: 'read:vat write:vat',
    state: 'state-1',
    redirect_uri: REDIRECT,
    ...params,
  }).toString();
  return address.toString();
}

async function token(body: Record<string, string>) {
  const res = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...CLIENT, ...body }).toString(),
  });
  return { status: res.status, body: (await res.json()) as LooseJson };
}

async function codeFor(params: Record<string, string> = {}, vrn = '980780684') {
  const granted = await grantAuthority(authorizeUrl(params), { vrn });
  return granted.location!.searchParams.get('code')!;
}

const obligations = (accessToken: string, vrn = '980780684') =>
  fetch(`${url}/organisations/vat/${vrn}/obligations?status=O`, {
    headers: {
      accept: 'application/vnd.hmrc.1.0+json',
      authorization: `Bearer ${accessToken}`,
      ...validFraudHeaders(),
    },
  });

beforeAll(async () => {
  const app = Fastify();
  await app.register(createHmrcSimulator({ now: () => now, publicBaseUrl: '', redirectUris: [REDIRECT] }).plugin);
  url = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
  close = () => app.close();
});
afterAll(() => close());

describe('HMRC’s OAuth 2.0 authorisation-code grant, as the simulator serves it', () => {
  it('grants authority for a VRN typed on the consent page; the code works once, for its redirect URI', async () => {
    const code = await codeFor();
    const exchange = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT };
    const wrongUri = await token({ ...exchange, redirect_uri: 'http://127.0.0.1:3000/other' });
    expect(wrongUri).toEqual({ status: 400, body: expect.objectContaining({ error: 'invalid_grant' }) });
    const code2 = await codeFor();
    const tokens = await token({ ...exchange, code: code2 });
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ expires_in: 14_400, scope: 'read:vat write:vat', token_type: 'bearer' });
    expect((await token({ ...exchange, code: code2 })).body.error).toBe('invalid_grant');
    expect((await obligations(tokens.body.access_token)).status).toBe(200);
  });

  it('checks the PKCE verifier when the request carried a challenge', async () => {
    const verifier = 'a'.repeat(64);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const code = await codeFor({ code_challenge: challenge, code_challenge_method: 'S256' });
    const exchange = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT };
    expect((await token({ ...exchange, code_verifier: 'b'.repeat(64) })).body.error).toBe('invalid_grant');
    const code2 = await codeFor({ code_challenge: challenge, code_challenge_method: 'S256' });
    expect((await token({ ...exchange, code: code2, code_verifier: verifier })).status).toBe(200);
  });

  it('refuses a wrong VRN on the page, sends Deny back as access_denied, and an unregistered redirect nowhere', async () => {
    const wrong = await grantAuthority(authorizeUrl(), { vrn: '123456789' });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('these 9 digits fail HMRC’s check');
    const denied = await grantAuthority(authorizeUrl(), { decision: 'deny' });
    expect(denied.location?.searchParams.get('error')).toBe('access_denied');
    expect(denied.location?.searchParams.get('state')).toBe('state-1');
    const elsewhere = await fetch(authorizeUrl({ redirect_uri: 'https://evil.example/cb' }), { redirect: 'manual' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.get('location')).toBeNull();
    const badScope = await fetch(authorizeUrl({ scope: 'read:vat write:everything' }), { redirect: 'manual' });
    expect(new URL(badScope.headers.get('location')!).searchParams.get('error')).toBe('invalid_scope');
  });

  it('access tokens last 4 hours; each refresh token works once; refreshing never outlasts the 18 months', async () => {
    now = new Date('2026-04-20T10:00:00Z');
    const first = (await token({ grant_type: 'authorization_code', code: await codeFor(), redirect_uri: REDIRECT }))
      .body;
    now = new Date('2026-04-20T13:59:00Z');
    expect((await obligations(first.access_token)).status).toBe(200);
    now = new Date('2026-04-20T14:00:00Z');
    const expired = await obligations(first.access_token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid Authentication information provided',
    });
    const second = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect((await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).body.error).toBe(
      'invalid_grant',
    );
    expect((await obligations(second.body.access_token)).status).toBe(200);
    // 548 days after the grant the refresh token, however often renewed, no longer works.
    now = new Date('2027-10-19T09:00:00Z');
    const third = await token({ grant_type: 'refresh_token', refresh_token: second.body.refresh_token });
    expect(third.status).toBe(200);
    now = new Date('2027-10-20T10:00:01Z');
    expect((await token({ grant_type: 'refresh_token', refresh_token: third.body.refresh_token })).body.error).toBe(
      'invalid_grant',
    );
    now = new Date('2026-04-20T10:00:00Z');
  });

  it('refuses a client that is not registered', async () => {
    const res = await fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...CLIENT, client_secret: 'wrong', grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as LooseJson).error).toBe('invalid_client');
  });
});

describe('the fraud-prevention checks on every call', () => {
  it('refuses a call with a missing or malformed header in strict mode, naming it', async () => {
    const { access_token } = (
      await token({ grant_type: 'authorization_code', code: await codeFor(), redirect_uri: REDIRECT })
    ).body;
    const { 'Gov-Client-Device-ID': _, ...withoutDevice } = validFraudHeaders({ 'Gov-Client-Public-IP': '10.0.0.8' });
    const res = await fetch(`${url}/organisations/vat/980780684/obligations?status=O`, {
      headers: { accept: 'application/vnd.hmrc.1.0+json', authorization: `Bearer ${access_token}`, ...withoutDevice },
    });
    expect(res.status).toBe(400);
    const body: LooseJson = await res.json();
    expect(body.code).toBe('INVALID_FRAUD_PREVENTION_HEADERS');
    expect(body.message).toContain('gov-client-device-id: Header required');
    expect(body.message).toContain('gov-client-public-ip: Value must be a public IP address');
  });

  it('answers as HMRC’s Test Fraud Prevention Headers API: validate, and feedback on the last call per endpoint', async () => {
    const app = (await token({ grant_type: 'client_credentials' })).body.access_token;
    const validate = await fetch(`${url}/test/fraud-prevention-headers/validate`, {
      headers: {
        accept: 'application/vnd.hmrc.1.0+json',
        authorization: `Bearer ${app}`,
        ...validFraudHeaders({ 'Gov-Client-Timezone': 'BST' }),
      },
    });
    expect(await validate.json()).toMatchObject({
      specVersion: '3.3',
      code: 'INVALID_HEADERS',
      errors: [{ code: 'INVALID_HEADER', headers: ['gov-client-timezone'] }],
    });
    const feedback = await fetch(
      `${url}/test/fraud-prevention-headers/vat-mtd/validation-feedback?connectionMethod=WEB_APP_VIA_SERVER`,
      { headers: { accept: 'application/vnd.hmrc.1.0+json', authorization: `Bearer ${app}` } },
    );
    const body: LooseJson = await feedback.json();
    expect(body.connectionMethod).toBe('WEB_APP_VIA_SERVER');
    const last = body.requests.find((r: { path: string }) => r.path === '/organisations/vat/{vrn}/obligations');
    expect(last.code).toBe('INVALID_HEADERS');
    expect(last.headers.find((h: { header: string }) => h.header === 'gov-client-device-id').code).toBe(
      'MISSING_HEADER',
    );
  });
});
