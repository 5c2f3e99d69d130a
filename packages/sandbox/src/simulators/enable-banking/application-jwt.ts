import { type KeyObject, verify } from 'node:crypto';

/** Enable Banking allows JWTs of at most a day; its official samples use an hour. */
export const MAX_JWT_SECONDS = 86_400;
/** Clock difference tolerated on `iat` (a JWT "issued" slightly in the simulator's future). */
const SKEW_SECONDS = 60;

export type JwtCheck = { ok: true; kid: string } | { ok: false; detail: string };

const decodeJson = (part: string): Record<string, unknown> | null => {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** The header's `kid`, read before the signature can be checked (it says which public key to check with). */
export function jwtKeyId(token: string): string | null {
  const header = decodeJson(token.split('.')[0] ?? '');
  return typeof header?.kid === 'string' ? header.kid : null;
}

/**
 * The checks Enable Banking makes on an application's own JWT: RS256 header with `typ` and `kid`, a valid signature
 * by that application's key, `iss` enablebanking.com, `aud` api.enablebanking.com, issued and not yet expired, and a
 * lifetime of at most a day.
 */
export function checkApplicationJwt(token: string, publicKey: KeyObject, nowSeconds: number): JwtCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, detail: 'The JWT is malformed.' };
  const [headerPart, claimsPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart);
  const claims = decodeJson(claimsPart);
  if (!header || !claims) return { ok: false, detail: 'The JWT is malformed.' };
  if (header.alg !== 'RS256' || header.typ !== 'JWT') return { ok: false, detail: 'The JWT must be RS256.' };
  const signed = verify(
    'sha256',
    Buffer.from(`${headerPart}.${claimsPart}`),
    publicKey,
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!signed) return { ok: false, detail: 'The JWT signature is not valid.' };
  if (claims.iss !== 'enablebanking.com' || claims.aud !== 'api.enablebanking.com') {
    return { ok: false, detail: 'The JWT issuer or audience is wrong.' };
  }
  const { iat, exp } = claims;
  if (typeof iat !== 'number' || typeof exp !== 'number') return { ok: false, detail: 'The JWT lacks iat or exp.' };
  if (iat > nowSeconds + SKEW_SECONDS) return { ok: false, detail: 'The JWT is issued in the future.' };
  if (exp <= nowSeconds) return { ok: false, detail: 'The JWT has expired.' };
  if (exp - iat > MAX_JWT_SECONDS) return { ok: false, detail: 'The JWT lifetime exceeds 24 hours.' };
  return { ok: true, kid: String(header.kid) };
}
