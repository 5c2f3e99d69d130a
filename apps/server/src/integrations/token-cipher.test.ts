import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTokenCipher, keyIdOf, TokenDecryptionError } from './token-cipher.js';

const key = () => randomBytes(32).toString('hex');
const row = { table: 'connections', rowId: '6f1c1d8e-0000-4000-8000-000000000001', userId: 'u-1' };

describe('token cipher', () => {
  it('round-trips any text and never repeats a ciphertext', () => {
    const cipher = createTokenCipher(key());
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const a = cipher.encrypt(text, row);
        const b = cipher.encrypt(text, row);
        expect(a).not.toBe(b);
        expect(cipher.decrypt(a, row)).toBe(text);
      }),
    );
  });

  it('refuses any flipped bit', () => {
    const cipher = createTokenCipher(key());
    const envelope = cipher.encrypt('{"accessToken":"fake-access-token-for-tests"}', row);
    const [v, id, nonce, body] = envelope.split('.') as [string, string, string, string];
    const bytes = Buffer.from(body, 'base64url');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: bytes.length * 8 - 1 }), (bit) => {
        const flipped = Buffer.from(bytes);
        flipped[bit >> 3]! ^= 1 << (bit & 7);
        expect(() => cipher.decrypt([v, id, nonce, flipped.toString('base64url')].join('.'), row)).toThrow(
          TokenDecryptionError,
        );
      }),
    );
  });

  it('opens only for the row and owner it was written for', () => {
    const cipher = createTokenCipher(key());
    const envelope = cipher.encrypt('secret', row);
    expect(() => cipher.decrypt(envelope, { ...row, rowId: 'another-row' })).toThrow(TokenDecryptionError);
    expect(() => cipher.decrypt(envelope, { ...row, userId: 'u-2' })).toThrow(TokenDecryptionError);
  });

  it('keeps the plaintext out of the envelope and names its key', () => {
    const k = key();
    const envelope = createTokenCipher(k).encrypt('visible-fake-token', row);
    expect(envelope).not.toContain('visible-fake');
    expect(envelope.split('.')[1]).toBe(keyIdOf(Buffer.from(k, 'hex')));
  });

  it('decrypts rows written under a retired key and marks them stale', () => {
    const oldKey = key();
    const written = createTokenCipher(oldKey).encrypt('old token', row);
    const rotated = createTokenCipher(key(), [oldKey]);
    expect(rotated.decrypt(written, row)).toBe('old token');
    expect(rotated.isStale(written)).toBe(true);
    expect(rotated.isStale(rotated.encrypt('new', row))).toBe(false);
    expect(() => createTokenCipher(key()).decrypt(written, row)).toThrow(/not configured/);
  });
});
