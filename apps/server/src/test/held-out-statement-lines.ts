/**
 * Held-out bank statement lines: written by hand from the statement wording of UK business accounts described in
 * docs/finance.md (transaction codes FPI, FPO, DD, SO, BGC, DEB, CHG, TFR, INT, CHQ as Lloyds and Bank of Scotland
 * print them, BAC, D/D, S/O, POS, DPC, CHP as RBS and NatWest do; processor payouts "STRIPE PAYMENTS UK",
 * "SumUp Payments Limited – PID123-SUMUP"; HMRC Cumbernauld and Shipley with Accounts Office and UTR + K
 * references; "DD HMRC VAT"), NOT from the sandbox generator, each with the category and kind it should get.
 *
 * This file was committed before the classification rule table existed and is never changed afterwards: the
 * rule table is measured on it (bench/classification-coverage.mjs), so it must not be fitted to it.
 *
 * `code` is the bank's own transaction code as an open-banking feed gives it apart from the text (null where the
 * feed gives none); some banks also print it at the start of the description, as several lines here do.
 */
export interface HeldOutLine {
  code: string | null;
  description: string;
  counterparty: string | null;
  /** Signed as the bank shows it: credits +, debits -. */
  amountPence: number;
  expected: { category: string; kind: string };
}

const expense = (category: string) => ({ category, kind: 'expense' });
const owner = (category: string) => ({ category, kind: 'owner_money' });
const loan = (category: string) => ({ category, kind: 'loan' });
const income = (category: string) => ({ category, kind: 'other_income' });
const payout = { category: 'Card payouts', kind: 'transfer' };
const vat = { category: 'VAT paid to HMRC', kind: 'vat_settlement' };
const corporationTax = { category: 'Corporation Tax', kind: 'corporation_tax' };

export const HELD_OUT_LINES: readonly HeldOutLine[] = [
  // Processor payouts, arriving by Faster Payment.
  { code: 'FPI', description: 'STRIPE PAYMENTS UK', counterparty: null, amountPence: 48_213, expected: payout },
  { code: 'FPI', description: 'STRIPE', counterparty: 'Stripe Payments UK Ltd', amountPence: 12_650, expected: payout },
  {
    code: null,
    description: 'Received money from Stripe Payments Uk Ltd with reference STRIPE',
    counterparty: null,
    amountPence: 30_475,
    expected: payout,
  },
  {
    code: 'FPI',
    description: 'SumUp Payments Limited – PID123-SUMUP',
    counterparty: null,
    amountPence: 61_980,
    expected: payout,
  },
  {
    code: 'FPI',
    description: 'SUMUP PAYOUT',
    counterparty: 'SUMUP PAYMENTS LIMITED',
    amountPence: 22_417,
    expected: payout,
  },
  {
    code: 'BAC',
    description: 'SQUAREUP EUROPE LTD PAYOUT',
    counterparty: 'Squareup Europe Ltd',
    amountPence: 83_120,
    expected: payout,
  },

  // Rent and business rates.
  {
    code: 'SO',
    description: 'S/O ALBION PROPERTY LTD SHOP RENT',
    counterparty: null,
    amountPence: -125_000,
    expected: expense('Rent'),
  },
  {
    code: 'SO',
    description: 'RENT 14 HIGH ST',
    counterparty: 'J MORRIS LANDLORD',
    amountPence: -95_000,
    expected: expense('Rent'),
  },
  {
    code: 'FPO',
    description: 'QUARTERLY RENT Q2',
    counterparty: 'Grainger Estates',
    amountPence: -360_000,
    expected: expense('Rent'),
  },
  {
    code: 'DD',
    description: 'DD SHEFFIELD CITY COUNCIL NNDR 60012345',
    counterparty: null,
    amountPence: -31_200,
    expected: expense('Business rates'),
  },
  {
    code: 'DD',
    description: 'BUSINESS RATES',
    counterparty: 'Birmingham City Council',
    amountPence: -28_700,
    expected: expense('Business rates'),
  },

  // Wages, PAYE and National Insurance, pensions.
  {
    code: 'FPO',
    description: 'FPO K PATEL SALARY NOV',
    counterparty: null,
    amountPence: -168_432,
    expected: expense('Wages'),
  },
  {
    code: 'FPO',
    description: 'WAGES WK 32',
    counterparty: 'S O BRIEN',
    amountPence: -41_250,
    expected: expense('Wages'),
  },
  { code: 'BAC', description: 'PAYROLL', counterparty: 'M HUGHES', amountPence: -132_090, expected: expense('Wages') },
  {
    code: 'FPO',
    description: 'HMRC CUMBERNAULD 123PA001234562608',
    counterparty: null,
    amountPence: -89_410,
    expected: expense('PAYE and National Insurance'),
  },
  {
    code: 'FPO',
    description: '475PX00987654',
    counterparty: 'HMRC SHIPLEY',
    amountPence: -64_020,
    expected: expense('PAYE and National Insurance'),
  },
  {
    code: 'DPC',
    description: 'HMRC PAYE 120PB00345678',
    counterparty: 'HMRC',
    amountPence: -23_615,
    expected: expense('PAYE and National Insurance'),
  },
  {
    code: 'DD',
    description: 'DD NEST PENSIONS CONTRIBUTION',
    counterparty: null,
    amountPence: -18_730,
    expected: expense('Pension contributions'),
  },
  {
    code: 'DD',
    description: 'WORKPLACE PENSION',
    counterparty: "The People's Pension",
    amountPence: -9_240,
    expected: expense('Pension contributions'),
  },

  // HMRC by kind: VAT, Corporation Tax, Self Assessment.
  { code: 'DD', description: 'DD HMRC VAT', counterparty: null, amountPence: -412_377, expected: vat },
  {
    code: 'FPO',
    description: 'HMRC VAT 123456789',
    counterparty: 'HMRC SHIPLEY',
    amountPence: -268_010,
    expected: vat,
  },
  { code: 'BGC', description: 'HMRC VAT REPAYMENT', counterparty: 'HMRC', amountPence: 38_450, expected: vat },
  {
    code: 'FPO',
    description: 'HMRC COTAX 1234567890A00110',
    counterparty: null,
    amountPence: -512_300,
    expected: corporationTax,
  },
  {
    code: 'FPO',
    description: 'CORPORATION TAX',
    counterparty: 'HMRC Shipley',
    amountPence: -220_000,
    expected: corporationTax,
  },
  {
    code: 'FPO',
    description: 'HMRC CUMBERNAULD 1234567890K',
    counterparty: null,
    amountPence: -350_000,
    expected: owner('Self Assessment'),
  },
  {
    code: 'DPC',
    description: 'SELF ASSESSMENT 9876543210K',
    counterparty: 'HMRC',
    amountPence: -145_060,
    expected: owner('Self Assessment'),
  },

  // Stock and supplies.
  {
    code: 'DEB',
    description: 'SALONS DIRECT',
    counterparty: null,
    amountPence: -18_745,
    expected: expense('Stock & supplies'),
  },
  {
    code: 'POS',
    description: 'SALON SERVICES 0114',
    counterparty: null,
    amountPence: -42_310,
    expected: expense('Stock & supplies'),
  },
  {
    code: 'DEB',
    description: 'SALLY BEAUTY UK',
    counterparty: null,
    amountPence: -6_589,
    expected: expense('Stock & supplies'),
  },
  {
    code: 'DEB',
    description: 'CAPITAL HAIR & BEAUTY',
    counterparty: null,
    amountPence: -23_999,
    expected: expense('Stock & supplies'),
  },
  {
    code: 'DEB',
    description: 'AMAZON.CO.UK*2K4LM0PQ1',
    counterparty: null,
    amountPence: -3_499,
    expected: expense('Stock & supplies'),
  },

  // Utilities.
  {
    code: 'DD',
    description: 'BRITISH GAS BUSINE',
    counterparty: null,
    amountPence: -38_912,
    expected: expense('Utilities'),
  },
  {
    code: 'DD',
    description: 'DD EDF ENERGY 67188231',
    counterparty: null,
    amountPence: -44_105,
    expected: expense('Utilities'),
  },
  {
    code: 'DD',
    description: 'SEVERN TRENT WATER',
    counterparty: null,
    amountPence: -5_620,
    expected: expense('Utilities'),
  },
  {
    code: 'DD',
    description: 'VIRGIN MEDIA BUSINESS',
    counterparty: null,
    amountPence: -4_800,
    expected: expense('Utilities'),
  },
  { code: 'DD', description: 'BT GROUP PLC', counterparty: null, amountPence: -5_040, expected: expense('Utilities') },

  // Insurance.
  {
    code: 'DD',
    description: 'RIPE HAIR & BEAUTY INS',
    counterparty: null,
    amountPence: -3_917,
    expected: expense('Insurance'),
  },
  {
    code: 'DD',
    description: 'PROTECTIVITY INSURANCE',
    counterparty: null,
    amountPence: -4_950,
    expected: expense('Insurance'),
  },
  {
    code: 'DD',
    description: 'PROFESSIONAL BEAUTY DIRECT POLICY 4471',
    counterparty: null,
    amountPence: -1_475,
    expected: expense('Insurance'),
  },

  // Software and subscriptions.
  {
    code: 'DEB',
    description: 'FRESHA.COM',
    counterparty: null,
    amountPence: -7_200,
    expected: expense('Software and subscriptions'),
  },
  {
    code: 'DD',
    description: 'PHOREST SALON SOFTWARE',
    counterparty: null,
    amountPence: -14_400,
    expected: expense('Software and subscriptions'),
  },
  {
    code: 'DEB',
    description: 'MICROSOFT*365 BUSINESS',
    counterparty: null,
    amountPence: -1_030,
    expected: expense('Software and subscriptions'),
  },
  {
    code: 'DD',
    description: 'QUICKBOOKS INTUIT',
    counterparty: null,
    amountPence: -3_300,
    expected: expense('Software and subscriptions'),
  },

  // Card terminals.
  {
    code: 'DD',
    description: 'DOJO MONTHLY',
    counterparty: null,
    amountPence: -2_000,
    expected: expense('Card terminals'),
  },
  {
    code: 'DEB',
    description: 'SUMUP TERMINAL',
    counterparty: null,
    amountPence: -14_900,
    expected: expense('Card terminals'),
  },
  {
    code: 'DEB',
    description: 'SQUARE READER',
    counterparty: 'Squareup Europe Ltd',
    amountPence: -3_900,
    expected: expense('Card terminals'),
  },
  {
    code: 'DD',
    description: 'TAKEPAYMENTS TERMINAL RENTAL',
    counterparty: null,
    amountPence: -2_500,
    expected: expense('Card terminals'),
  },

  // Bank charges, professional fees, premises, licences, sundries.
  { code: 'CHG', description: 'ACCOUNT FEE', counterparty: null, amountPence: -850, expected: expense('Bank charges') },
  {
    code: null,
    description: 'Charge SERVICE CHARGES',
    counterparty: null,
    amountPence: -1_274,
    expected: expense('Bank charges'),
  },
  {
    code: 'DD',
    description: 'TIDE PLAN FEE SMART',
    counterparty: null,
    amountPence: -1_499,
    expected: expense('Bank charges'),
  },
  {
    code: 'SO',
    description: 'ACCOUNTANCY FEE',
    counterparty: 'Whitfield & Co Accountants',
    amountPence: -15_000,
    expected: expense('Professional fees'),
  },
  {
    code: 'DD',
    description: 'TRADE WASTE COLLECTION',
    counterparty: 'Veolia',
    amountPence: -3_850,
    expected: expense('Premises costs'),
  },
  {
    code: 'DEB',
    description: 'TOOLSTATION',
    counterparty: null,
    amountPence: -2_643,
    expected: expense('Premises costs'),
  },
  {
    code: 'DD',
    description: 'PPL PRS LTD THEMUSICLICENCE',
    counterparty: null,
    amountPence: -31_250,
    expected: expense('Licences and memberships'),
  },
  {
    code: 'DD',
    description: 'NHBF MEMBERSHIP',
    counterparty: null,
    amountPence: -2_350,
    expected: expense('Licences and memberships'),
  },
  {
    code: 'DEB',
    description: 'SAINSBURYS S/MKTS',
    counterparty: null,
    amountPence: -1_287,
    expected: expense('Refreshments and sundries'),
  },
  {
    code: 'POS',
    description: 'COSTA COFFEE 4417',
    counterparty: null,
    amountPence: -1_460,
    expected: expense('Refreshments and sundries'),
  },

  // Loans: drawdown, repayments, interest shown apart.
  {
    code: 'BGC',
    description: 'FUNDING CIRCLE LOAN ADVANCE',
    counterparty: null,
    amountPence: 1_500_000,
    expected: loan('Loan received'),
  },
  {
    code: 'DD',
    description: 'FUNDING CIRCLE REPAYMENT',
    counterparty: null,
    amountPence: -47_128,
    expected: loan('Loan repayments'),
  },
  {
    code: 'DD',
    description: 'BOUNCE BACK LOAN 34509871',
    counterparty: null,
    amountPence: -18_200,
    expected: loan('Loan repayments'),
  },
  {
    code: 'DD',
    description: 'IWOCA LOAN REPAYMENT',
    counterparty: null,
    amountPence: -61_400,
    expected: loan('Loan repayments'),
  },
  {
    code: 'INT',
    description: 'LOAN INTEREST',
    counterparty: null,
    amountPence: -3_211,
    expected: expense('Loan interest'),
  },

  // The owner's money: drawings, savings, money put in.
  {
    code: 'TFR',
    description: 'TFR TO SAVINGS',
    counterparty: null,
    amountPence: -200_000,
    expected: owner("To the owner's savings"),
  },
  {
    code: 'TFR',
    description: 'FROM SAVINGS',
    counterparty: null,
    amountPence: 150_000,
    expected: owner("From the owner's savings"),
  },
  {
    code: 'FPO',
    description: 'DRAWINGS',
    counterparty: 'MRS A KHAN',
    amountPence: -100_000,
    expected: owner('Owner drawings'),
  },
  {
    code: 'FPO',
    description: 'DIRECTORS DRAWINGS OCT',
    counterparty: null,
    amountPence: -75_000,
    expected: owner('Owner drawings'),
  },
  {
    code: 'FPI',
    description: 'CAPITAL INTRODUCED',
    counterparty: 'A KHAN',
    amountPence: 500_000,
    expected: owner('Capital introduced'),
  },

  // Between the business's own accounts.
  {
    code: 'TFR',
    description: 'TFR TO BUSINESS SAVINGS',
    counterparty: null,
    amountPence: -300_000,
    expected: { category: 'Transfers between own accounts', kind: 'transfer' },
  },
  {
    code: 'TFR',
    description: 'FROM RESERVE ACCOUNT',
    counterparty: null,
    amountPence: 120_000,
    expected: { category: 'Transfers between own accounts', kind: 'transfer' },
  },

  // Other income.
  {
    code: 'FPI',
    description: 'CHAIR RENT WK 12',
    counterparty: 'L TURNER',
    amountPence: 12_000,
    expected: income('Room rent'),
  },
  {
    code: 'FPI',
    description: 'ROOM HIRE',
    counterparty: 'B NOWAK',
    amountPence: 25_000,
    expected: income('Room rent'),
  },
  {
    code: 'INT',
    description: 'INTEREST PAID',
    counterparty: null,
    amountPence: 187,
    expected: income('Interest received'),
  },
  {
    code: 'FPI',
    description: 'INV 0042 TRAINING DAY',
    counterparty: 'ACADEMY HAIR LTD',
    amountPence: 18_000,
    expected: income('Other income'),
  },

  // Nothing on the line says what it paid for.
  {
    code: 'FPO',
    description: 'REF 88213',
    counterparty: 'T WALKER',
    amountPence: -4_500,
    expected: expense('Uncategorised'),
  },
];
