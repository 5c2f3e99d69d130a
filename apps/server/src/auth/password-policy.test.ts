import { describe, expect, it } from 'vitest';
import { isCommonPassword, passwordStem } from './password-policy.js';

describe('common passwords', () => {
  it('strips case and trailing digits and symbols', () => {
    expect(passwordStem('Summer2026!')).toBe('summer');
    expect(passwordStem('P@ssw0rd1')).toBe('p@ssw0rd');
    expect(passwordStem('Chignon2026')).toBe('chignon');
  });

  it.each(['Password1', 'PASSWORD123', 'Monkey7', 'Fringe2026', 'Letmein!1', 'Qwerty12', 'Salon2026', 'Liverpool1'])(
    'refuses %s',
    async (password) => {
      expect(await isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['Brade2026', 'brade1', 'BRADE2027!'])(
    'refuses the demo account’s password and its variants: %s',
    async (p) => {
      expect(await isCommonPassword(p)).toBe(true);
    },
  );

  it.each(['Chignon2026', 'Balayage77', 'Tonerpot42', 'Another99x'])('accepts %s', async (password) => {
    expect(await isCommonPassword(password)).toBe(false);
  });
});
