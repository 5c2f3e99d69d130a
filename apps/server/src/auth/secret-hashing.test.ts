import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashCode, newOpaqueToken, newSixDigitCode, sameHash } from './secret-hashing.js';

describe('secret hashing', () => {
  it('makes six-digit codes, zero-padded', () => {
    for (let i = 0; i < 500; i++) expect(newSixDigitCode()).toMatch(/^\d{6}$/);
  });

  it('binds a code hash to its owner and secret (property)', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), fc.stringMatching(/^\d{6}$/), (a, b, code) => {
        const h = hashCode('secret', a, code);
        expect(sameHash(h, hashCode('secret', a, code))).toBe(true);
        if (a !== b) expect(sameHash(h, hashCode('secret', b, code))).toBe(false);
        expect(sameHash(h, hashCode('other', a, code))).toBe(false);
      }),
    );
  });

  it('makes 256-bit opaque tokens that do not repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, newOpaqueToken));
    expect(tokens.size).toBe(1000);
    expect(Buffer.from([...tokens][0]!, 'base64url')).toHaveLength(32);
  });
});
