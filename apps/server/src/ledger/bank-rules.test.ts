import { describe, expect, it } from 'vitest';
import { HELD_OUT_LINES } from '../test/held-out-statement-lines.js';
import { classify, type SourceTransaction } from './classify.js';

const when = new Date('2026-06-15T10:00:00Z');
const line = (amountPence: number, description: string, counterparty: string | null = null, bankCode?: string) =>
  classify({
    provider: 'bank',
    externalId: 'x',
    occurredAt: when,
    amountPence,
    description,
    counterparty,
    ...(bankCode ? { bankCode } : {}),
  } satisfies SourceTransaction);

/**
 * One hand-written line for every rule of the table, as a UK business statement shows it, with what it must be.
 * These are not the held-out lines (test/held-out-statement-lines.ts), which only measure the table.
 */
const CASES: Array<[string, number, string, string | null, { category: string; kind: string }]> = [
  ['Stripe payout', 41_200, 'FPI STRIPE PAYMENTS UK STRIPE', null, { category: 'Card payouts', kind: 'transfer' }],
  ['SumUp payout', 9_871, 'SUMUP PAYMENTS LIMITED PID4412-SUMUP', null, { category: 'Card payouts', kind: 'transfer' }],
  ['Square payout', 30_000, 'FPI SQUAREUP EUROPE LTD', null, { category: 'Card payouts', kind: 'transfer' }],
  [
    'VAT by Direct Debit',
    -301_244,
    'DD HMRC VAT 284193726',
    null,
    { category: 'VAT paid to HMRC', kind: 'vat_settlement' },
  ],
  ['VAT repaid', 12_000, 'BGC HMRC VAT REPAYMENT', null, { category: 'VAT paid to HMRC', kind: 'vat_settlement' }],
  [
    'Corporation Tax',
    -410_000,
    'FPO HMRC SHIPLEY 4412345678A00108',
    null,
    { category: 'Corporation Tax', kind: 'corporation_tax' },
  ],
  [
    'Corporation Tax by name',
    -90_000,
    'FPO HMRC COTAX',
    null,
    { category: 'Corporation Tax', kind: 'corporation_tax' },
  ],
  [
    'Self Assessment',
    -210_000,
    'FPO HMRC CUMBERNAULD 5512345678K',
    null,
    { category: 'Self Assessment', kind: 'owner_money' },
  ],
  [
    'PAYE by Accounts Office reference',
    -71_532,
    'FPO HMRC CUMBERNAULD 321PK000456782611',
    null,
    { category: 'PAYE and National Insurance', kind: 'expense' },
  ],
  ['PAYE by name', -20_000, 'HMRC PAYE', null, { category: 'PAYE and National Insurance', kind: 'expense' }],
  ['Pension', -12_116, 'DD NEST PENSION CONTRIB', null, { category: 'Pension contributions', kind: 'expense' }],
  ['Wages', -154_320, 'FPO R JONES WAGES OCT26', 'Rhian Jones', { category: 'Wages', kind: 'expense' }],
  ['Director’s loan in', 300_000, 'FPI DIRECTORS LOAN', null, { category: 'Capital introduced', kind: 'owner_money' }],
  ['Drawings', -80_000, 'FPO DRAWINGS', 'P SHAH', { category: 'Owner drawings', kind: 'owner_money' }],
  ['Loan interest by code', -2_100, 'IWOCA', null, { category: 'Loan interest', kind: 'expense' }],
  [
    'Loan interest in the text',
    -1_850,
    'DD FUNDING CIRCLE LOAN INTEREST',
    null,
    { category: 'Loan interest', kind: 'expense' },
  ],
  ['Interest earned', 312, 'GROSS INT', null, { category: 'Interest received', kind: 'other_income' }],
  ['Interest by code', 95, 'MONTHLY CREDIT', null, { category: 'Interest received', kind: 'other_income' }],
  ['Loan drawdown', 2_000_000, 'BGC IWOCA LTD ADVANCE', null, { category: 'Loan received', kind: 'loan' }],
  ['Loan repayment', -52_300, 'DD BOUNCE BACK LOAN', null, { category: 'Loan repayments', kind: 'loan' }],
  [
    'Business reserve',
    -500_000,
    'TFR TO BUSINESS RESERVE',
    null,
    { category: 'Transfers between own accounts', kind: 'transfer' },
  ],
  [
    'To savings',
    -250_000,
    'TFR 20-11-44 41234567 SAVINGS',
    'P Shah (savings)',
    { category: "To the owner's savings", kind: 'owner_money' },
  ],
  ['From savings', 100_000, 'TFR FROM SAVINGS', null, { category: "From the owner's savings", kind: 'owner_money' }],
  ['Room rent', 15_000, 'FPI L MOORE ROOM RENT', null, { category: 'Room rent', kind: 'other_income' }],
  ['Business rates', -24_100, 'DD LEEDS CITY COUNCIL NNDR', null, { category: 'Business rates', kind: 'expense' }],
  ['Trade waste', -4_410, 'DD BIFFA WASTE SERVICES TRADE WASTE', null, { category: 'Premises costs', kind: 'expense' }],
  ['Council by Direct Debit', -9_900, 'DD BRIGHTON & HOVE CC', null, { category: 'Business rates', kind: 'expense' }],
  ['Card reader', -4_680, 'DEB SQUAREUP EUROPE LTD READER X1', null, { category: 'Card terminals', kind: 'expense' }],
  ['Rent', -210_000, 'SO MARLOW PROPERTY CO RENT NOV26', null, { category: 'Rent', kind: 'expense' }],
  ['Insurance', -6_563, 'DD RIPE INSURANCE SALON POLICY', null, { category: 'Insurance', kind: 'expense' }],
  ['Stock', -31_245, 'DEB SALON SERVICES ORDER 4412345', null, { category: 'Stock & supplies', kind: 'expense' }],
  ['Energy', -61_100, 'DD OCTOPUS ENERGY BUSINESS ENERGY', null, { category: 'Utilities', kind: 'expense' }],
  [
    'Software',
    -16_200,
    'DEB TIMELY LIMITED SUBSCRIPTION',
    null,
    { category: 'Software and subscriptions', kind: 'expense' },
  ],
  [
    'Accountant',
    -18_720,
    'SO PENNINGTON ACCOUNTANTS MONTHLY FEE',
    null,
    { category: 'Professional fees', kind: 'expense' },
  ],
  ['Bank fee', -850, 'ACCOUNT FEE NOV26', null, { category: 'Bank charges', kind: 'expense' }],
  ['Bank charge by code', -120, 'NOV26', null, { category: 'Bank charges', kind: 'expense' }],
  [
    'Music licence',
    -33_280,
    'DD PPL PRS LTD THEMUSICLICENCE',
    null,
    { category: 'Licences and memberships', kind: 'expense' },
  ],
  ['Refreshments', -1_240, 'DEB TESCO STORES 3312', null, { category: 'Refreshments and sundries', kind: 'expense' }],
  ['Unknown debit', -7_500, 'FPO 0412 REF', 'K WRIGHT', { category: 'Uncategorised', kind: 'expense' }],
  ['Unknown credit', 7_500, 'FPI 0412 REF', 'K WRIGHT', { category: 'Other income', kind: 'other_income' }],
];
const CODES: Record<string, string> = {
  'Loan interest by code': 'INT',
  'Interest by code': 'PMNT-RCDT-INTR',
  'Bank charge by code': 'CHG',
};

describe('the bank rule table, line by line', () => {
  it.each(CASES)('%s', (name, amountPence, description, counterparty, expected) => {
    const result = line(amountPence, description, counterparty, CODES[name]);
    expect({ category: result.category, kind: result.kind }).toEqual(expected);
    expect(result.amountPence).toBe(amountPence);
  });

  it('never calls an unknown debit "Other"', () => {
    expect(line(-100, 'XYZ').category).toBe('Uncategorised');
  });

  it('reads only the start of a hostile megabyte of text', () => {
    const hostile = `${'HMRC '.repeat(200_000)}VAT`;
    expect(line(-100, hostile)).toMatchObject({ kind: 'expense', category: 'Uncategorised' });
    expect(line(-100, `DD HMRC VAT ${'X'.repeat(1_000_000)}`)).toMatchObject({ kind: 'vat_settlement' });
  });

  it('reads a credit and a debit with the same words by their sign', () => {
    expect(line(-3_900, 'SQUAREUP EUROPE LTD').category).toBe('Card terminals');
    expect(line(3_900, 'SQUAREUP EUROPE LTD').category).toBe('Card payouts');
    expect(line(-120, 'CHAIR RENT').category).toBe('Rent');
    expect(line(12_000, 'CHAIR RENT').category).toBe('Room rent');
  });
});

/**
 * The held-out lines measure the table (bench/classification-coverage.mjs prints the same by category): each
 * expected category must get at least 95 % of its value right.
 */
describe('the held-out statement lines', () => {
  const results = HELD_OUT_LINES.map((held) => {
    const got = classify({
      provider: 'bank',
      externalId: 'held-out',
      occurredAt: when,
      amountPence: held.amountPence,
      description: held.description,
      counterparty: held.counterparty,
      ...(held.code ? { bankCode: held.code } : {}),
    });
    return { held, right: got.category === held.expected.category && got.kind === held.expected.kind };
  });
  const categories = [...new Set(HELD_OUT_LINES.map((l) => l.expected.category))];

  it.each(categories)('%s: at least 95 percent of its value recognised', (category) => {
    const mine = results.filter((r) => r.held.expected.category === category);
    const value = (list: typeof results) => list.reduce((s, r) => s + Math.abs(r.held.amountPence), 0);
    const share = value(mine.filter((r) => r.right)) / value(mine);
    expect(share, JSON.stringify(mine.filter((r) => !r.right).map((r) => r.held.description))).toBeGreaterThanOrEqual(
      0.95,
    );
  });
});
