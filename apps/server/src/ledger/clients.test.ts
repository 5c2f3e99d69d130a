import { describe, expect, it } from 'vitest';
import { assignClientIds, type PayerRow } from './clients.js';

let n = 0;
const row = (provider: string, keys: Partial<PayerRow> = {}): PayerRow => {
  n += 1;
  return {
    id: `r${n}`,
    provider,
    externalId: `x${n}`,
    payerCustomerKey: null,
    payerCardKey: null,
    payerEmailKey: null,
    ...keys,
  };
};
const people = (rows: PayerRow[]) => new Set(assignClientIds(rows).values()).size;

// Keys as stored: customer and card keys are hashed with their processor (ledger/payer-keys.ts), so the same card
// at two processors has two different card keys; the e-mail key is the same at both.
describe('client identity (docs/finance.md, "Clients")', () => {
  it('one person paying through Stripe and Square with the same e-mail is one client', () => {
    const rows = [
      row('stripe', { payerCustomerKey: 'cus-stripe-amy', payerEmailKey: 'amy' }),
      row('square', { payerCardKey: 'card-square-amy', payerEmailKey: 'amy' }),
      // Her next Square visit carries only the card: linked through the first Square payment.
      row('square', { payerCardKey: 'card-square-amy' }),
    ];
    expect(people(rows)).toBe(1);
  });

  it('the same card at two processors without an e-mail is two clients', () => {
    expect(
      people([row('stripe', { payerCardKey: 'card-stripe-fp1' }), row('square', { payerCardKey: 'card-square-fp1' })]),
    ).toBe(2);
  });

  it('within a processor the customer id wins over the card: two customers on one card stay two', () => {
    const rows = [
      row('stripe', { payerCustomerKey: 'cus-a', payerCardKey: 'card-shared' }),
      row('stripe', { payerCustomerKey: 'cus-b', payerCardKey: 'card-shared' }),
      row('stripe', { payerCardKey: 'card-shared' }),
    ];
    expect(people(rows)).toBe(3);
  });

  it('a payment with no payer keys is a client of its own', () => {
    expect(people([row('sumup'), row('sumup')])).toBe(2);
  });

  it('is deterministic: the same rows in any order give the same ids', () => {
    const rows = [
      row('stripe', { payerCustomerKey: 'c1', payerEmailKey: 'e1' }),
      row('square', { payerEmailKey: 'e1' }),
      row('square', { payerCardKey: 'k9' }),
    ];
    const forward = assignClientIds(rows);
    const backward = assignClientIds([...rows].reverse());
    expect([...backward.entries()].sort()).toEqual([...forward.entries()].sort());
    expect(forward.get(rows[0]!.id)).toBe(forward.get(rows[1]!.id));
    expect(forward.get(rows[2]!.id)).not.toBe(forward.get(rows[0]!.id));
  });

  it('a later payment that carries both keys joins two groups into one person', () => {
    const before = [row('stripe', { payerCustomerKey: 'c7' }), row('square', { payerEmailKey: 'e7' })];
    expect(people(before)).toBe(2);
    expect(people([...before, row('stripe', { payerCustomerKey: 'c7', payerEmailKey: 'e7' })])).toBe(1);
  });
});
