import { describe, expect, it } from 'vitest';
import type { SourceTransaction } from './classify.js';
import { payerHash, payerKeysOf, storedClientKey } from './payer-keys.js';

const hash = payerHash('11'.repeat(32));
const sale = (provider: 'stripe' | 'square' | 'sumup', extra: Partial<SourceTransaction> = {}) =>
  ({
    provider,
    type: 'payment',
    externalId: `${provider}-1`,
    occurredAt: new Date('2026-03-01T10:00:00Z'),
    amountPence: 4800,
    description: 'Cut & finish',
    ...extra,
  }) as SourceTransaction;

describe('payer keys', () => {
  it('keeps no clear value: customer ids, fingerprints and e-mails become HMACs', () => {
    const keys = payerKeysOf(
      sale('stripe', { customerId: 'cus_1', cardFingerprint: 'fp1', payerEmail: 'A@B.example' }),
      hash,
    );
    for (const key of Object.values(keys)) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(key).not.toMatch(/cus_1|fp1|a@b/i);
    }
    expect(storedClientKey('customer:stripe:cus_1', hash)).toMatch(/^client:[A-Za-z0-9_-]{43}$/);
    expect(storedClientKey('txn:sumup:T1', hash)).toBe('txn:sumup:T1');
  });

  it('links one e-mail across processors, never a card fingerprint or a customer id', () => {
    const stripe = payerKeysOf(
      sale('stripe', { cardFingerprint: 'same', customerId: 'c1', payerEmail: ' Amy@Salon.example' }),
      hash,
    );
    const square = payerKeysOf(
      sale('square', { cardFingerprint: 'same', customerId: 'c1', payerEmail: 'amy@salon.example ' }),
      hash,
    );
    expect(square.email).toBe(stripe.email);
    expect(square.card).not.toBe(stripe.card);
    expect(square.customer).not.toBe(stripe.customer);
  });

  it('depends on CLIENT_KEY and refuses payer data without it', () => {
    const other = payerHash('22'.repeat(32));
    const tx = sale('square', { payerEmail: 'x@y.example' });
    expect(payerKeysOf(tx, other).email).not.toBe(payerKeysOf(tx, hash).email);
    expect(() => payerKeysOf(tx, undefined)).toThrow(/CLIENT_KEY/);
    expect(payerKeysOf(sale('sumup'), undefined)).toEqual({ customer: null, card: null, email: null });
  });
});
