/**
 * HMRC's self-employment categories (the Self Employment Business API's cumulative period summary, which follow the
 * boxes of the SA103F form) and the one mapping from Brade's categories to them (docs/finance.md, "Income Tax": what
 * each is and why). An owner may put one of Brade's expense categories under another HMRC category; nothing else
 * moves.
 */
export const HMRC_EXPENSE_CATEGORIES = [
  'costOfGoods',
  'paymentsToSubcontractors',
  'wagesAndStaffCosts',
  'carVanTravelExpenses',
  'premisesRunningCosts',
  'maintenanceCosts',
  'adminCosts',
  'businessEntertainmentCosts',
  'advertisingCosts',
  'interestOnBankOtherLoans',
  'financeCharges',
  'irrecoverableDebts',
  'professionalFees',
  'depreciation',
  'otherExpenses',
] as const;
export type HmrcExpenseCategory = (typeof HMRC_EXPENSE_CATEGORIES)[number];

/** HMRC's own words for each (its descriptions, shortened). */
export const HMRC_EXPENSE_LABELS: Record<HmrcExpenseCategory, string> = {
  costOfGoods: 'Cost of goods bought for resale or goods used',
  paymentsToSubcontractors: 'Construction industry subcontractors',
  wagesAndStaffCosts: 'Wages, salaries and other staff costs',
  carVanTravelExpenses: 'Car, van and travel expenses',
  premisesRunningCosts: 'Rent, rates, power and insurance costs',
  maintenanceCosts: 'Repairs and maintenance of property and equipment',
  adminCosts: 'Phone, fax, stationery and other office costs',
  businessEntertainmentCosts: 'Business entertainment costs',
  advertisingCosts: 'Advertising costs',
  interestOnBankOtherLoans: 'Interest on bank and other loans',
  financeCharges: 'Bank, credit card and other financial charges',
  irrecoverableDebts: 'Irrecoverable debts written off',
  professionalFees: 'Accountancy, legal and other professional fees',
  depreciation: 'Depreciation and loss or profit on sales of assets',
  otherExpenses: 'Other business expenses',
};

/** Brade's expense categories under HMRC's; a category not named here is an other business expense. */
export const DEFAULT_HMRC_EXPENSE_CATEGORY: Record<string, HmrcExpenseCategory> = {
  'Stock & supplies': 'costOfGoods',
  Wages: 'wagesAndStaffCosts',
  'PAYE and National Insurance': 'wagesAndStaffCosts',
  'Pension contributions': 'wagesAndStaffCosts',
  Rent: 'premisesRunningCosts',
  'Business rates': 'premisesRunningCosts',
  Utilities: 'premisesRunningCosts',
  Insurance: 'premisesRunningCosts',
  'Premises costs': 'maintenanceCosts',
  'Software and subscriptions': 'adminCosts',
  'Loan interest': 'interestOnBankOtherLoans',
  'Card processing fees': 'financeCharges',
  'Card terminals': 'financeCharges',
  'Bank charges': 'financeCharges',
  'Professional fees': 'professionalFees',
  'Licences and memberships': 'otherExpenses',
  'Refreshments and sundries': 'otherExpenses',
  Uncategorised: 'otherExpenses',
};

export const defaultHmrcCategoryOf = (category: string): HmrcExpenseCategory =>
  DEFAULT_HMRC_EXPENSE_CATEGORY[category] ?? 'otherExpenses';

/**
 * Brade's other-income categories that are not business income: interest on the business account is the owner's
 * savings income on their tax return, not part of the trade.
 */
export const NOT_BUSINESS_INCOME: readonly string[] = ['Interest received'];

/**
 * Consolidated expenses (one figure instead of the categories) are allowed while turnover is not over the VAT
 * registration threshold, £90,000; HMRC checks the year-to-date turnover of a cumulative update.
 */
export const CONSOLIDATED_EXPENSES_LIMIT_PENCE = 9_000_000;
