import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Opaque tokens (refresh tokens, reset links): 256 random bits; only their SHA-256 is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A 6-digit code from the CSPRNG, leading zeros kept. */
export function newSixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Codes are keyed by the app secret and bound to their owner, so a stolen table cannot be brute-forced offline. */
export function hashCode(secret: string, ownerId: string, code: string): string {
  return createHmac('sha256', secret).update(`${ownerId}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
