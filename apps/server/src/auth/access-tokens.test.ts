import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { accessTokenKey, readAccessToken, signAccessToken } from './access-tokens.js';

const key = accessTokenKey('a'.repeat(40));
const claims = {
  userId: '4f1c2b8e-0000-4000-8000-000000000001',
  sessionId: '4f1c2b8e-0000-4000-8000-000000000002',
  kind: 'normal' as const,
};

describe('access tokens', () => {
  it('round-trips its claims', async () => {
    expect(await readAccessToken(key, await signAccessToken(key, claims))).toEqual(claims);
  });

  it('rejects an expired token, another key, another audience and alg none', async () => {
    expect(await readAccessToken(key, await signAccessToken(key, claims, -10))).toBeNull();
    expect(await readAccessToken(accessTokenKey('b'.repeat(40)), await signAccessToken(key, claims))).toBeNull();
    const otherAudience = await new SignJWT({ sid: claims.sessionId, typ: 'normal' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer('brade')
      .setAudience('someone-else')
      .setExpirationTime('5m')
      .sign(key);
    expect(await readAccessToken(key, otherAudience)).toBeNull();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: claims.userId, sid: claims.sessionId, typ: 'normal', iss: 'brade', aud: 'brade-api' })).toString('base64url')}.`;
    expect(await readAccessToken(key, none)).toBeNull();
  });
});
