import { describe, expect, it } from 'vitest';
import { toWinAnsi } from './win-ansi.js';

describe('toWinAnsi', () => {
  it('keeps what Helvetica can print: ASCII, Latin-1 and the Windows-1252 extras', () => {
    const text = 'Zoë’s “special” café – £5, €6 … ½ price • Ÿ';
    expect(toWinAnsi(text)).toBe(text);
  });

  it('takes accents off letters it cannot print, marks other letters, and leaves out emoji', () => {
    expect(toWinAnsi('💅 Gel nails')).toBe('Gel nails');
    expect(toWinAnsi('Łódź ščř')).toBe('?ódz šcr');
    expect(toWinAnsi('Salon 美容')).toBe('Salon ??');
    expect(toWinAnsi('Cu\u0301t & finish 👍🏽')).toBe('Cút & finish');
  });

  it('keeps line breaks', () => {
    expect(toWinAnsi('Two\nlines')).toBe('Two\nlines');
  });
});
