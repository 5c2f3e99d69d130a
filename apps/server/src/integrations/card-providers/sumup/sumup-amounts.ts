/**
 * SumUp sends amounts as JSON numbers in pounds (e.g. 37.5, 0.29). Multiplying a float by 100 goes wrong
 * (1.005 * 100 = 100.49999…, 4.35 * 100 = 434.99999…), so the amount is read as the decimal text JavaScript gives
 * for it (the shortest text that maps back to the same double, i.e. what the JSON said for any money amount) and
 * the pence are taken from its digits.
 */
const DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

export class AmountFormatError extends Error {}

/** Exact pence of a decimal amount in pounds; digits beyond pence round half away from zero. */
export function decimalToPence(value: number | string): number {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new AmountFormatError(`Not an amount: ${value}`);
  const text = String(value).trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new AmountFormatError(`Not an amount: ${JSON.stringify(value)}`);
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  // Shift the decimal point by the exponent, on the digits themselves.
  let digits = `${whole}${fraction}`;
  let point = whole.length + Number(exponent);
  if (point < 0) {
    digits = `${'0'.repeat(-point)}${digits}`;
    point = 0;
  }
  if (point > digits.length) digits = digits.padEnd(point, '0');
  const penceDigits = `${digits.slice(0, point)}${digits.slice(point, point + 2).padEnd(2, '0')}`;
  const roundUp = (digits[point + 2] ?? '0') >= '5';
  const magnitude = Number(penceDigits) + (roundUp ? 1 : 0);
  if (!Number.isSafeInteger(magnitude)) throw new AmountFormatError(`Amount out of range: ${text}`);
  return sign === '-' && magnitude !== 0 ? -magnitude : magnitude;
}

/** Whether `decimalToPence` can read the value. */
export function isAmount(value: number | string): boolean {
  try {
    decimalToPence(value);
    return true;
  } catch (error) {
    if (error instanceof AmountFormatError) return false;
    throw error;
  }
}
