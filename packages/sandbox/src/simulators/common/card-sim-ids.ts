import { createHash, randomBytes } from 'node:crypto';

export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const UPPER_ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function charsFrom(bytes: Uint8Array, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[bytes[i % bytes.length]! % alphabet.length];
  return out;
}

/** Secrets (codes, tokens) come from the CSPRNG: they must be unguessable even in a simulator. */
export function randomToken(alphabet: string, length: number): string {
  return charsFrom(randomBytes(length), alphabet, length);
}

/** Ids derived from other ids must be stable across restarts, so they are hashes, not random. */
export function stableToken(input: string, alphabet: string, length: number): string {
  const digest = createHash('sha512').update(input).digest();
  return charsFrom(digest, alphabet, length);
}

/** A small integer in [0, modulo) that is a pure function of the input. */
export function stableNumber(input: string, modulo: number): number {
  return createHash('sha256').update(input).digest().readUInt32BE(0) % modulo;
}
export const HEX_CHARS = '0123456789abcdef';
