import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export type SessionKind = 'normal' | 'recovery';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  kind: SessionKind;
}

const ISSUER = 'brade';
const AUDIENCE = 'brade-api';
export const ACCESS_TOKEN_SECONDS = 15 * 60;

/** The signing key is derived from APP_SECRET, so the raw secret serves no other purpose directly. */
export function accessTokenKey(appSecret: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', appSecret).update('brade:access-token:v1').digest());
}

export function signAccessToken(
  key: Uint8Array,
  claims: AccessClaims,
  ttlSeconds = ACCESS_TOKEN_SECONDS,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, typ: claims.kind })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key);
}

/** Returns the claims of a valid token, or null for anything else (bad signature, expired, wrong audience). */
export async function readAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    const { sub, sid, typ } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || (typ !== 'normal' && typ !== 'recovery')) return null;
    return { userId: sub, sessionId: sid, kind: typ };
  } catch {
    return null;
  }
}
