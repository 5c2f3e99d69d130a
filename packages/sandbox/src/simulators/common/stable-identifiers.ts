import { createHash, randomBytes } from 'node:crypto';

/** A UUID-shaped id that is a pure function of its inputs, so records keep their ids across restarts. */
export function stableUuid(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = '89ab'[Number.parseInt(hex[16] ?? '0', 16) % 4];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A number in [0, 1) that is a pure function of its inputs (for per-record choices such as card brand). */
export function stableFraction(...parts: string[]): number {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return Number.parseInt(hex.slice(0, 8), 16) / 2 ** 32;
}

/** An unguessable secret (tokens, authorization codes): 32 random bytes, base64url. */
export function secretToken(prefix = ''): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}
