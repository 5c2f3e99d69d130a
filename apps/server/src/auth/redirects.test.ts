import { describe, expect, it } from 'vitest';
import { safeRecoveryRedirect } from './redirects.js';

const base = 'https://app.brade.test';

describe('safeRecoveryRedirect', () => {
  it('keeps a target on the app origin, without any hash', () => {
    expect(safeRecoveryRedirect(base, `${base}/set-new-password#x=1`)).toBe(`${base}/set-new-password`);
  });

  it.each([
    undefined,
    '',
    'https://evil.test/set-new-password',
    'javascript:alert(1)',
    '//evil.test',
    'not a url',
    'https://app.brade.test.evil.test/x',
  ])('falls back for %j', (target) => {
    expect(safeRecoveryRedirect(base, target)).toBe(`${base}/set-new-password`);
  });
});
