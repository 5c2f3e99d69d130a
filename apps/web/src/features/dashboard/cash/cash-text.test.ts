import { describe, expect, it } from 'vitest';
import { readCaption } from './cash-text';

const NOW = new Date('2026-07-15T16:00:00Z');

describe('readCaption', () => {
  it('says when the balance was read, in London time: today, yesterday or the day', () => {
    expect(readCaption('2026-07-15T13:05:00Z', '2026-07-15', NOW)).toBe('Read from your bank today at 14:05');
    expect(readCaption('2026-07-14T23:30:00Z', '2026-07-15', NOW)).toBe('Read from your bank today at 00:30');
    expect(readCaption('2026-07-14T07:00:00Z', null, NOW)).toBe('Read from your bank yesterday at 08:00');
    expect(readCaption('2026-07-01T07:00:00Z', null, NOW)).toBe('Read from your bank on 1 July at 08:00');
  });

  it('names the bank’s own earlier date, and several accounts', () => {
    expect(readCaption('2026-07-15T07:00:00Z', '2026-07-14', NOW, 2)).toBe(
      'Read from your bank today at 08:00 across 2 accounts (balance of 14 July)',
    );
  });
});
