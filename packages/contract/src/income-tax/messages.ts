/** What the Income Tax pages and calls say (docs/product.md, "Screens and routes"). */
export const INCOME_TAX_MESSAGES = {
  title: 'Quarterly update',
  subtitle: 'Making Tax Digital for Income Tax',
  saved: 'Income Tax details saved.',
  failure: 'Failed to save your Income Tax details. Please try again.',
  notSoleTrader:
    'Quarterly updates are for sole traders: a limited company pays Corporation Tax, and partnerships are not in Making Tax Digital for Income Tax yet.',
  legalFormNeeded: 'Tell Brade how the business is set up first.',
  ninoNeeded: 'Add your National Insurance number first.',
  noScope: 'Brade’s authority at HMRC does not cover Income Tax. Connect HMRC again to grant it.',
  noBusiness:
    'HMRC has no self-employment business under this National Insurance number. Check the number, or sign up for Making Tax Digital for Income Tax with HMRC first.',
  chooseBusiness:
    'HMRC lists several self-employment businesses under your National Insurance number: choose the one these books belong to.',
  businessInvalid: 'Choose one of the businesses HMRC lists.',
  businessIdInvalid: 'Business id must be HMRC’s, like XAIS12345678910.',
  periodInvalid: 'Choose one of the quarterly update periods HMRC lists for you.',
  periodDates:
    'A period needs a start and an end date (YYYY-MM-DD), the end on or after the start, within one tax year.',
  tooEarly: 'HMRC takes an update from 10 days before its period ends.',
  consolidatedNotAllowed: 'Expenses can be sent as one total only while turnover is not over £90,000.',
  negativeTurnover:
    'Turnover is below zero (refunds are more than sales): HMRC takes 0 or more. Check the refunds first.',
  confirmNeeded: 'Tick the box to confirm the figures first.',
  sending: 'An update for this tax year is on its way to HMRC already. Wait a moment and reload the page.',
  sent: 'Quarterly update sent to HMRC.',
  readOnlyDemo: 'The demo account shows its quarterly updates but cannot send them.',
  categoryInvalid: 'Category must be one of the expense categories in your books.',
  hmrcCategoryInvalid: 'HMRC category must be one of HMRC’s self-employment expense categories.',
  mapped: 'Category moved. Every quarterly update from now on uses it.',
  mapReset: 'Category back under HMRC’s usual heading.',
  disallowableInvalid: 'The disallowable part must be from £0.01 up to the transaction’s amount net of VAT.',
  notExpense: 'Only an expense can have a disallowable part.',
  disallowableSaved: 'Disallowable part saved.',
  disallowableRemoved: 'Disallowable part removed.',
  transactionInvalid: 'Transaction id must be a UUID',
  qualifyingIncome: 'Qualifying income must be an amount in pounds from £0 to £99,999,999,999.99.',
  qualifyingYear: 'Say which tax year the figure is for, like 2024-25, from 2017-18 to last year.',
  taxYear: 'Tax year must be written like 2026-27, from 2025-26.',
  expensesMode: 'Expenses must be itemised or consolidated.',
  quarterType: 'Quarters must be standard or calendar.',
  endOfYear:
    'After the tax year ends, the end-of-year steps (finalising your business income and the final declaration, due by 31 January) are made in your HMRC online account or with other software that does them: Brade does not do them yet.',
  confirmation:
    'I confirm these figures are a summary of my business records for this period, as complete and correct as I can make them.',
} as const;
