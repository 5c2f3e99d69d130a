import { describe, expect, it } from 'vitest';
import { generateSalonData } from './generate';
import { PRICE_LIST, RETAIL_ITEMS } from './price-list';

const data = generateSalonData({ seed: 'items', from: '2025-03-01', to: '2025-08-31' });
const SERVICES = new Set(Object.keys(PRICE_LIST));
const RETAIL = new Set(RETAIL_ITEMS.map((item) => item.name));

describe('what each payment paid for', { timeout: 30_000 }, () => {
  it('itemises every payment whose till recorded items, the items adding up to the payment', () => {
    for (const payment of data.payments) {
      if (!payment.items) continue;
      expect(payment.items.length, payment.id).toBeGreaterThan(0);
      expect(
        payment.items.reduce((sum, item) => sum + item.amountPence, 0),
        payment.id,
      ).toBe(payment.amountPence);
      for (const item of payment.items) {
        expect(item.amountPence, payment.id).toBeGreaterThan(0);
        if (item.type === 'retail') expect(RETAIL.has(item.name)).toBe(true);
        else if (item.type === 'service') expect(SERVICES.has(item.name), item.name).toBe(true);
        else expect(item.name).toBe('Gift voucher');
      }
    }
  });

  it('keeps about 5 % of Square and 15 % of SumUp payments without items, and every online payment itemised', () => {
    const share = (processor: string) => {
      const all = data.payments.filter((p) => p.processor === processor);
      return all.filter((p) => p.items === null).length / all.length;
    };
    expect(share('square')).toBeGreaterThan(0.03);
    expect(share('square')).toBeLessThan(0.07);
    expect(share('sumup')).toBeGreaterThan(0.1);
    expect(share('sumup')).toBeLessThan(0.2);
    expect(share('stripe')).toBe(0);
  });

  it('names the service a deposit was for, and takes the deposit off that service at the till', () => {
    const deposits = data.payments.filter((p) => p.purpose === 'deposit');
    expect(deposits.length).toBeGreaterThan(50);
    for (const deposit of deposits) {
      expect(deposit.items).toHaveLength(1);
      expect(deposit.items![0]!.name).toBe(deposit.service);
      expect(deposit.items![0]!.amountPence).toBe(deposit.amountPence);
    }
    // At the till the deposit is taken off the lines, the main one first: what each covered, with the rest paid.
    const balances = data.payments.filter((p) => p.description.includes('deposit)') && p.items);
    expect(balances.length).toBeGreaterThan(20);
    for (const balance of balances) {
      const covered = balance.items!.reduce((sum, item) => sum + item.depositPence, 0);
      const deposit = Math.round(Number(/less £(\d+\.\d\d) deposit/.exec(balance.description)![1]) * 100);
      expect(covered).toBeLessThanOrEqual(deposit);
      // The main service's line carries the deposit, unless the deposit covered all of it (the line is then not on
      // the balance at all).
      if (balance.items![0]!.name === balance.service) expect(balance.items![0]!.depositPence).toBeGreaterThan(0);
      else expect(balance.items!.some((item) => item.name === balance.service)).toBe(false);
    }
  });

  it('sells gift vouchers as one item and says which team member served each visit at the till', () => {
    for (const payment of data.payments) {
      if (payment.purpose === 'gift_voucher') {
        expect(payment.items).toEqual([
          {
            name: 'Gift voucher',
            variation: null,
            quantity: 1,
            amountPence: payment.amountPence,
            depositPence: 0,
            type: 'gift_voucher',
          },
        ]);
      }
      if (payment.processor === 'stripe') expect(payment.staffIndex).toBeNull();
      else expect(data.team.some((member) => member.index === payment.staffIndex)).toBe(true);
    }
    expect(data.team[0]).toMatchObject({ index: 0, owner: true, role: 'owner' });
    const served = new Set(data.payments.map((p) => p.staffIndex).filter((i) => i !== null));
    expect(served.size).toBeGreaterThanOrEqual(4);
  });
});
