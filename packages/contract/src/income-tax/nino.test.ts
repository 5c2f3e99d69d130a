import { describe, expect, it } from 'vitest';
import { formatNino, isValidNino, ninoProblem, normaliseNino } from './nino.js';

describe('National Insurance numbers (HMRC NIM39110)', () => {
  it('reads the number as people write it', () => {
    expect(normaliseNino('qq 12 34 56 c')).toBe('QQ123456C');
    expect(normaliseNino(' AB-12-34-56-D ')).toBe('AB123456D');
    expect(formatNino('AB123456D')).toBe('AB 12 34 56 D');
  });

  it('takes two letters, six digits and a suffix A to D', () => {
    expect(isValidNino('TC663795B')).toBe(true);
    expect(isValidNino('AB123456A')).toBe(true);
    expect(ninoProblem('AB123456E')).toMatch(/two letters, six numbers and A, B, C or D/);
    expect(ninoProblem('AB12345C')).toMatch(/two letters/);
    expect(ninoProblem('A1123456C')).toMatch(/two letters/);
    expect(ninoProblem('')).toMatch(/two letters/);
  });

  it('refuses the prefixes HMRC never gives', () => {
    for (const letter of ['D', 'F', 'I', 'Q', 'U', 'V']) {
      expect(isValidNino(`${letter}A123456C`)).toBe(false);
      expect(isValidNino(`A${letter}123456C`)).toBe(false);
    }
    // O may start a prefix but never end one.
    expect(isValidNino('OA123456C')).toBe(true);
    expect(ninoProblem('AO123456C')).toBe(
      'AO is not a prefix HMRC gives National Insurance numbers: check the first two letters.',
    );
    for (const prefix of ['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ'])
      expect(isValidNino(`${prefix}123456A`)).toBe(false);
    expect(isValidNino('NA123456A')).toBe(true);
  });
});
