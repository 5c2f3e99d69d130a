import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
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

  it('remembers a verified token only for its own key and only until it expires', async () => {
    // Only the clock is faked, from the start: a loaded machine may take more than the token's 2 s between signing
    // and reading it, and the crypto's promises must still run.
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    try {
      const token = await signAccessToken(key, claims, 2);
      expect(await readAccessToken(key, token)).toEqual(claims);
      // Remembered for this key, never for another one.
      expect(await readAccessToken(accessTokenKey('c'.repeat(40)), token)).toBeNull();
      // A token with the same claims and another signature is verified afresh, not taken from the cache. (The
      // signature's first character: its last one carries two unused bits, so changing it may change nothing.)
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const tampered = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
      expect(await readAccessToken(key, tampered)).toBeNull();
      vi.setSystemTime(Date.now() + 3000);
      expect(await readAccessToken(key, token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
