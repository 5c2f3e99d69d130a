import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import { meetsPasswordRules, PASSWORD_RULES } from './password-rules.js';
import { isUkPostcode, isValidEmail, normalisePostcode, validateNewPassword, validateSignup } from './validation.js';

const valid = {
  fullName: 'Priya Shah',
  email: 'priya@salon.co.uk',
  password: 'Fringe2026',
  confirmPassword: 'Fringe2026',
};

describe('validateSignup: the five checks in the spec order', () => {
  it('reports the first failing rule only', () => {
    const allWrong = { fullName: ' ', email: '', password: 'x', confirmPassword: 'y' };
    expect(validateSignup(allWrong)).toBe('Full Name is required');
    expect(validateSignup({ ...allWrong, fullName: 'A' })).toBe('Email is required');
    expect(validateSignup({ ...allWrong, fullName: 'A', email: 'nope' })).toBe('Please enter a valid email address');
    expect(validateSignup({ ...allWrong, fullName: 'A', email: 'a@b.co' })).toBe(
      'Password does not meet all requirements',
    );
    expect(validateSignup({ ...valid, confirmPassword: 'Fringe2027' })).toBe("Passwords don't match");
    expect(validateSignup(valid)).toBeNull();
  });

  it('uses the exact spec sentences', () => {
    expect(MESSAGES.signup).toMatchObject({
      fullNameRequired: 'Full Name is required',
      emailRequired: 'Email is required',
      emailInvalid: 'Please enter a valid email address',
      passwordRules: 'Password does not meet all requirements',
      passwordsDontMatch: "Passwords don't match",
    });
  });
});

describe('password rules', () => {
  it.each([
    ['Abcdef1', true],
    ['Abcde1', false],
    ['Abcdefghijklmno1', true],
    ['Abcdefghijklmnop1', false],
    ['abcdefg1', false],
    ['ABCDEFG1', false],
    ['Abcdefgh', false],
  ])('%s → %s', (password, ok) => {
    expect(meetsPasswordRules(password)).toBe(ok);
  });

  it('labels the four chips', () => {
    expect(PASSWORD_RULES.map((r) => r.id)).toEqual(['length', 'upper', 'lower', 'digit']);
  });

  it('validateNewPassword checks the rules, then the match', () => {
    expect(validateNewPassword('short', 'short')).toBe('Password does not meet all requirements');
    expect(validateNewPassword('Fringe2026', 'Fringe2025')).toBe("Passwords don't match");
    expect(validateNewPassword('Fringe2026', 'Fringe2026')).toBeNull();
  });

  it('never accepts a password outside 7 to 16 characters (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (p) => {
        const length = [...p].length;
        if (length < 7 || length > 16) expect(meetsPasswordRules(p)).toBe(false);
      }),
    );
  });
});

describe('e-mail and postcode', () => {
  it.each(['a@b.co', 'first.last+tag@salon.co.uk'])('%s is an e-mail', (e) => expect(isValidEmail(e)).toBe(true));
  it.each(['', 'a@b', 'a b@c.co', '@b.co', 'a@.co x'])('%j is not an e-mail', (e) =>
    expect(isValidEmail(e)).toBe(false),
  );

  it.each(['SW1A 1AA', 'sw1a1aa', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'EH1 2DP', 'BT1 5GS', 'GIR 0AA'])(
    '%s is a UK postcode',
    (p) => expect(isUkPostcode(p)).toBe(true),
  );
  it.each(['', '12345', 'SW1A', 'QQ1 1AA', 'SW1A 1AAA', 'not a code'])('%j is not a UK postcode', (p) =>
    expect(isUkPostcode(p)).toBe(false),
  );

  it('normalises postcodes to upper case with one space', () => {
    expect(normalisePostcode(' sw1a1aa ')).toBe('SW1A 1AA');
    expect(normalisePostcode('m1  1ae')).toBe('M1 1AE');
  });
});

describe('parseMonth', async () => {
  const { parseMonth } = await import('./ledger/schemas.js');
  it.each([
    [4, 4],
    ['4', 4],
    ['04', 4],
    ['April', 4],
    ['apr', 4],
    [' DECEMBER ', 12],
    ['Sept', null],
    [13, null],
    [0, null],
    ['Smarch', null],
    ['', null],
    [null, null],
  ])('%j → %j', (input, expected) => {
    expect(parseMonth(input)).toBe(expected);
  });
});
