import { createHmac, createSecretKey } from 'node:crypto';
import type { SourceTransaction } from './classify.js';

/** HMAC-SHA256 keyed with CLIENT_KEY: the same payer gives the same key, and the key gives nothing back. */
export type PayerHash = (value: string) => string;

/**
 * CLIENT_KEY is its own secret (config.ts), never rotated with APP_SECRET: rotating it would split every client
 * in two, since old rows keep the keys they were stored with.
 */
export function payerHash(clientKeyHex: string): PayerHash {
  // A key object made once: given the bytes, every createHmac would prepare a key of its own, five times the cost of
  // the hash itself, and an import hashes up to four payer keys a row (bench/import-card-transactions.mjs).
  const key = createSecretKey(Buffer.from(clientKeyHex, 'hex'));
  return (value) => createHmac('sha256', key).update(value).digest('base64url');
}

export interface PayerKeys {
  customer: string | null;
  card: string | null;
  email: string | null;
}

const NONE: PayerKeys = { customer: null, card: null, email: null };

/**
 * The payer identity a card payment carries, as stored (docs/finance.md): the processor's customer id and the
 * card fingerprint are scoped to the processor; the e-mail is trimmed and lower-cased and not scoped, so the same
 * person paying through two processors has one e-mail key.
 */
export function payerKeysOf(tx: SourceTransaction, hash: PayerHash | undefined): PayerKeys {
  if (tx.provider === 'bank') return NONE;
  const customer = tx.customerId?.trim() || null;
  const card = tx.cardFingerprint?.trim() || null;
  const email = tx.payerEmail?.trim().toLowerCase() || null;
  if (!customer && !card && !email) return NONE;
  if (!hash) throw new Error('Payer identities are stored only as keyed hashes: CLIENT_KEY is needed to import them.');
  return {
    customer: customer ? hash(`customer:${tx.provider}:${customer}`) : null,
    card: card ? hash(`card:${tx.provider}:${card}`) : null,
    email: email ? hash(`email:${email}`) : null,
  };
}

/** The ledger's client key with its customer or card part hashed; a one-off `txn:` key names no person. */
export function storedClientKey(clientKey: string | null, hash: PayerHash | undefined): string | null {
  if (!clientKey || clientKey.startsWith('txn:')) return clientKey;
  if (!hash) throw new Error('Payer identities are stored only as keyed hashes: CLIENT_KEY is needed to import them.');
  return `client:${hash(clientKey)}`;
}
