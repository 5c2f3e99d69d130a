/**
 * The VAT (MTD) API's error codes as sentences (docs/hmrc.md, "Errors"), the codes of HMRC's description and of its
 * sandbox scenarios alike. The platform's own codes are in ../hmrc-errors.ts.
 */
const CHECK_VRN = 'Check the VAT number in Settings → VAT.';
const PERIOD =
  'HMRC does not recognise this VAT period. Open the VAT return page again to read your obligations afresh.';
const FIGURES = 'HMRC did not accept the return’s figures, so nothing was filed.';
const DATES = 'HMRC did not accept the dates Brade asked about. Please try again.';

export const VAT_SENTENCES: Record<string, string> = {
  VRN_INVALID: `HMRC says the VAT number is not valid. ${CHECK_VRN}`,
  INVALID_VRN: `HMRC says the VAT number is not valid. ${CHECK_VRN}`,
  VRN_NOT_FOUND: `HMRC has no VAT registration under this number. ${CHECK_VRN}`,
  PERIOD_KEY_INVALID: PERIOD,
  INVALID_PERIODKEY: PERIOD,
  DUPLICATE_SUBMISSION:
    'HMRC already has a return for this period: it accepts one per period, so nothing more was filed.',
  NOT_FINALISED: 'HMRC takes a return only once you have ticked the declaration.',
  TAX_PERIOD_NOT_ENDED: 'This VAT period has not ended yet: you can file its return once it has.',
  DATE_RANGE_TOO_LARGE: 'HMRC shows returns of the last four years only.',
  VAT_TOTAL_VALUE: `${FIGURES} Box 3 must be box 1 plus box 2.`,
  VAT_NET_VALUE: `${FIGURES} Box 5 must be the difference between boxes 3 and 4.`,
  INVALID_MONETARY_AMOUNT: `${FIGURES} An amount is outside HMRC’s limits or has pence where whole pounds are needed.`,
  INVALID_NUMERIC_VALUE: `${FIGURES} An amount was not a number.`,
  INVALID_REQUEST: FIGURES,
  INVALID_PAYLOAD: FIGURES,
  INVALID_DATE_FROM: DATES,
  INVALID_DATE_TO: DATES,
  INVALID_DATE_RANGE: DATES,
  INVALID_STATUS: DATES,
  DATE_FROM_INVALID: DATES,
  DATE_TO_INVALID: DATES,
  DATE_RANGE_INVALID: DATES,
  NOT_FOUND: 'HMRC holds nothing for this yet.',
};
