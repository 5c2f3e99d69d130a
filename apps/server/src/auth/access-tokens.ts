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

/** Tokens already verified, per key: a token's signature and claims cannot change before it expires. */
const verified = new WeakMap<Uint8Array, Map<string, { claims: AccessClaims; expiresAtMs: number }>>();
/** Enough for every live token of a busy instance; past it the cache starts again rather than grow. */
const VERIFIED_LIMIT = 10_000;

/**
 * Returns the claims of a valid token, or null for anything else (bad signature, expired, wrong audience). A token
 * verified once is remembered until it expires, so a signed-in call does not redo the signature's WebCrypto work;
 * whether its session is still live is asked of the database on every call all the same (authenticate.ts).
 */
export async function readAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | null> {
  let known = verified.get(key);
  const hit = known?.get(token);
  if (hit) {
    if (hit.expiresAtMs > Date.now()) return hit.claims;
    known!.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    const { sub, sid, typ, exp } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || (typ !== 'normal' && typ !== 'recovery')) return null;
    const claims: AccessClaims = { userId: sub, sessionId: sid, kind: typ };
    if (typeof exp === 'number') {
      if (!known) {
        known = new Map();
        verified.set(key, known);
      }
      if (known.size >= VERIFIED_LIMIT) known.clear();
      known.set(token, { claims, expiresAtMs: exp * 1000 });
    }
    return claims;
  } catch {
    return null;
  }
}
