import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Provider credentials at rest (docs/security-decisions.md, "Provider credentials at rest"): AES-256-GCM, a fresh
 * 96-bit nonce per encryption, a per-row key derived with HKDF-SHA256 from the master key (so no key sees 2^32
 * encryptions and a ciphertext only opens for its own row), the row's identity as associated data, and the key id in
 * the envelope so retired keys can still decrypt while rows are re-encrypted under the current one.
 *
 * Envelope: `v1.<key id>.<nonce base64url>.<ciphertext‖tag base64url>`.
 */
export interface TokenCipher {
  readonly currentKeyId: string;
  encrypt(plaintext: string, binding: RowBinding): string;
  decrypt(envelope: string, binding: RowBinding): string;
  /** True when the envelope was made with a retired key and should be re-encrypted. */
  isStale(envelope: string): boolean;
}

/** Which row and owner a ciphertext belongs to: a copy pasted into another row fails to decrypt. */
export interface RowBinding {
  table: string;
  rowId: string;
  userId: string;
}

export class TokenDecryptionError extends Error {
  constructor(reason: string) {
    super(`Stored credentials could not be decrypted: ${reason}.`);
    this.name = 'TokenDecryptionError';
  }
}

/** A key's id: the first 8 hex characters of its SHA-256, so it is stable and reveals nothing. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

function parseKey(hex: string): Buffer {
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error('an encryption key must be 64 hexadecimal characters');
  return Buffer.from(hex, 'hex');
}

/** `currentKey` encrypts; `retiredKeys` (hex) only decrypt, for rows written before a rotation. */
export function createTokenCipher(currentKey: string, retiredKeys: readonly string[] = []): TokenCipher {
  const current = parseKey(currentKey);
  const keys = new Map<string, Buffer>([[keyIdOf(current), current]]);
  for (const hex of retiredKeys) {
    const key = parseKey(hex);
    keys.set(keyIdOf(key), key);
  }
  const currentKeyId = keyIdOf(current);
  const rowKey = (master: Buffer, b: RowBinding) =>
    Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `brade-credentials:${b.table}:${b.rowId}`, 32));
  const aad = (b: RowBinding) => Buffer.from(`${b.table}|${b.rowId}|${b.userId}`);

  return {
    currentKeyId,
    encrypt(plaintext, binding) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', rowKey(current, binding), nonce);
      cipher.setAAD(aad(binding));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return ['v1', currentKeyId, nonce.toString('base64url'), body.toString('base64url')].join('.');
    },
    decrypt(envelope, binding) {
      const [version, keyId, nonceText, bodyText] = envelope.split('.');
      if (version !== 'v1' || !keyId || !nonceText || !bodyText) throw new TokenDecryptionError('unknown format');
      const master = keys.get(keyId);
      if (!master) throw new TokenDecryptionError(`key ${keyId} is not configured`);
      const nonce = Buffer.from(nonceText, 'base64url');
      const body = Buffer.from(bodyText, 'base64url');
      if (nonce.length !== 12 || body.length < 16) throw new TokenDecryptionError('damaged envelope');
      try {
        const decipher = createDecipheriv('aes-256-gcm', rowKey(master, binding), nonce);
        decipher.setAAD(aad(binding));
        decipher.setAuthTag(body.subarray(body.length - 16));
        return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
      } catch {
        throw new TokenDecryptionError('authentication failed');
      }
    },
    isStale(envelope) {
      return envelope.split('.')[1] !== currentKeyId;
    },
  };
}
