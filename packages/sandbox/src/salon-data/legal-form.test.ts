import { describe, expect, it } from 'vitest';
import { DEMO_SALON } from '../demo/demo-salon';
import { generateSalonData } from './generate';

const year = (legalForm: 'sole_trader' | 'limited_company') =>
  generateSalonData({
    seed: DEMO_SALON.seed,
    salesPerDayScale: DEMO_SALON.salesPerDayScale,
    from: '2026-01-01',
    to: '2026-12-31',
    legalForm,
  });

describe('how the owner is paid follows the legal form', () => {
  const company = year('limited_company');
  const soleTrader = year('sole_trader');

  it('a limited company pays its owner a director’s salary; a sole trader draws the same each payday instead', () => {
    const ownerWages = company.bank.filter((b) => b.category === 'Wages' && b.description.includes('WAGES')).length;
    const drawings = soleTrader.bank.filter((b) => b.category === 'Owner drawings');
    expect(drawings).toHaveLength(12);
    expect(drawings.every((d) => d.amountPence === -104_750 && d.description.includes('DRAWINGS'))).toBe(true);
    expect(soleTrader.bank.filter((b) => b.category === 'Wages').length).toBe(ownerWages - 12);
    expect(company.bank.some((b) => b.category === 'Owner drawings')).toBe(false);
  });

  it('a sole trader pays Self Assessment on account in January and July with their UTR and K', () => {
    const paid = soleTrader.bank.filter((b) => b.category === 'Self Assessment');
    expect(paid.map((p) => p.occurredAt.toISOString().slice(5, 7))).toEqual(['01', '07']);
    expect(paid.every((p) => /HMRC SHIPLEY .*\d{10}K/.test(p.description) && p.amountPence < 0)).toBe(true);
    expect(company.bank.some((b) => b.category === 'Self Assessment')).toBe(false);
  });

  it('leaves everything else as it was: the takings and the other bills are the same', () => {
    expect(soleTrader.payments).toEqual(company.payments);
    const others = (bank: typeof company.bank) =>
      bank.filter((b) => !['Wages', 'PAYE/NI', 'Owner drawings', 'Self Assessment', 'Pension'].includes(b.category));
    expect(others(soleTrader.bank).map((b) => b.id)).toEqual(others(company.bank).map((b) => b.id));
  });
});
