/**
 * The Income Tax APIs' error codes as sentences (docs/hmrc.md, "Income Tax"): Business Details, Obligations and Self
 * Employment Business, the codes of HMRC's descriptions and of its sandbox scenarios alike. The platform's own codes
 * are in ../hmrc-errors.ts; a code here takes precedence.
 */
const CHECK_NINO = 'Check your National Insurance number in the Quarterly update’s details.';
const FIGURES = 'HMRC did not take the update’s figures, so nothing was sent.';
const DATES =
  'HMRC does not recognise these dates as one of your quarterly update periods. Reload the page to read your obligations afresh.';

export const INCOME_TAX_SENTENCES: Record<string, string> = {
  FORMAT_NINO: `HMRC says the National Insurance number is not valid. ${CHECK_NINO}`,
  CLIENT_OR_AGENT_NOT_AUTHORISED: `HMRC says this National Insurance number has not authorised Brade, or is not signed up for Making Tax Digital for Income Tax. ${CHECK_NINO} Then connect HMRC again with that person’s Government Gateway account.`,
  MATCHING_RESOURCE_NOT_FOUND: 'HMRC has nothing for this business and tax year.',
  NO_BUSINESS_FOUND:
    'HMRC has no such business under this National Insurance number. Reload the page to read your businesses afresh.',
  NO_OBLIGATIONS_FOUND: 'HMRC has no quarterly obligations for this business in these dates.',
  RULE_INSOLVENT_TRADER: 'HMRC cannot take updates for this business through software: it is recorded as insolvent.',
  FORMAT_BUSINESS_ID: 'HMRC did not recognise the business. Reload the page to read your businesses afresh.',
  FORMAT_TAX_YEAR: 'HMRC did not recognise the tax year. Please try again.',
  RULE_TAX_YEAR_RANGE_INVALID: 'HMRC did not recognise the tax year. Please try again.',
  RULE_TAX_YEAR_NOT_SUPPORTED: 'HMRC does not take cumulative quarterly updates for this tax year.',
  FORMAT_VALUE: `${FIGURES} An amount is outside HMRC’s limits or has parts of a penny.`,
  RULE_INCORRECT_OR_EMPTY_BODY_SUBMITTED: FIGURES,
  RULE_BOTH_EXPENSES_SUPPLIED: `${FIGURES} Expenses go either by category or as one total, not both.`,
  RULE_NOT_ALLOWED_CONSOLIDATED_EXPENSES: `${FIGURES} Expenses can be one total only while turnover is not over £90,000: send them by category.`,
  FORMAT_START_DATE: DATES,
  FORMAT_END_DATE: DATES,
  RULE_END_DATE_BEFORE_START_DATE: DATES,
  RULE_MISSING_SUBMISSION_DATES: DATES,
  RULE_START_AND_END_DATE_NOT_ALLOWED:
    'HMRC has you reporting once a year for this business, not quarterly, so it takes no quarterly update.',
  RULE_START_DATE_NOT_ALIGNED_WITH_REPORTING_TYPE: `${DATES} HMRC may hold another quarter type (standard or calendar) for this year.`,
  RULE_END_DATE_NOT_ALIGNED_WITH_REPORTING_TYPE: `${DATES} HMRC may hold another quarter type (standard or calendar) for this year.`,
  RULE_START_DATE_NOT_ALIGNED_TO_COMMENCEMENT_DATE:
    'HMRC says the update must start on the day the business started. Check the business’s start date with HMRC.',
  RULE_EARLY_DATA_SUBMISSION_NOT_ACCEPTED: 'HMRC takes an update from 10 days before its period ends: send it then.',
  RULE_ADVANCE_SUBMISSION_REQUIRES_PERIOD_END_DATE:
    'An update sent before its period ends must run to the period’s end. Reload the page and try again.',
  RULE_SUBMISSION_END_DATE_CANNOT_MOVE_BACKWARDS:
    'HMRC already holds a later update for this year: corrections go with your latest quarter, whose figures run from the start of the year.',
  RULE_OUTSIDE_AMENDMENT_WINDOW: 'HMRC no longer takes changes to this tax year’s updates.',
  RULE_INCORRECT_GOV_TEST_SCENARIO: 'HMRC’s sandbox did not recognise the test scenario.',
  FORMAT_TYPE_OF_BUSINESS: 'HMRC did not recognise the request. Please try again.',
  MISSING_TYPE_OF_BUSINESS: 'HMRC did not recognise the request. Please try again.',
  FORMAT_FROM_DATE: 'HMRC did not accept the dates Brade asked about. Please try again.',
  FORMAT_TO_DATE: 'HMRC did not accept the dates Brade asked about. Please try again.',
  MISSING_FROM_DATE: 'HMRC did not accept the dates Brade asked about. Please try again.',
  MISSING_TO_DATE: 'HMRC did not accept the dates Brade asked about. Please try again.',
  RANGE_TO_DATE_BEFORE_FROM_DATE: 'HMRC did not accept the dates Brade asked about. Please try again.',
  RULE_DATE_RANGE_INVALID: 'HMRC did not accept the dates Brade asked about. Please try again.',
  RULE_FROM_DATE_NOT_SUPPORTED: 'HMRC did not accept the dates Brade asked about. Please try again.',
  FORMAT_STATUS: 'HMRC did not recognise the request. Please try again.',
};
