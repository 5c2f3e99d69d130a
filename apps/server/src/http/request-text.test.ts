import { describe, expect, it } from 'vitest';
import {
  firstTextFault,
  hasBrokenEscape,
  MAX_DEPTH,
  MAX_TEXT_CHARS,
  NUL_MESSAGE,
  SURROGATE_MESSAGE,
  TOO_DEEP_MESSAGE,
  TOO_LONG_MESSAGE,
} from './request-text.js';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('the text of a request', () => {
  it('takes ordinary text, emoji and accents, and text up to the limit', () => {
    expect(firstTextFault({ name: 'Salon 💇‍♀️ Zoë', tags: ['à', '日本'], n: 1 })).toBeNull();
    expect(firstTextFault({ a: 'x'.repeat(MAX_TEXT_CHARS) }, 'length')).toBeNull();
  });

  it('names the field of a NUL or a lone surrogate, in a value or a key', () => {
    expect(firstTextFault({ a: { b: 'x\u0000' } })).toEqual({ path: 'a.b', message: NUL_MESSAGE });
    expect(firstTextFault({ a: ['ok', 'Salon \ud83d'] })).toEqual({ path: 'a.1', message: SURROGATE_MESSAGE });
    expect(firstTextFault({ a: '\udc00 alone' })).toEqual({ path: 'a', message: SURROGATE_MESSAGE });
    expect(firstTextFault({ 'k\ud83d': 1 })).toEqual({ path: 'k\ud83d', message: SURROGATE_MESSAGE });
    expect(firstTextFault('\u0000')).toEqual({ path: 'body', message: NUL_MESSAGE });
  });

  it('refuses nesting past the limit without walking further, and over-long text only when asked', () => {
    expect(firstTextFault(nested(MAX_DEPTH - 1))).toBeNull();
    expect(firstTextFault(nested(MAX_DEPTH + 1))?.message).toBe(TOO_DEEP_MESSAGE);
    expect(firstTextFault(nested(100_000))?.message).toBe(TOO_DEEP_MESSAGE);
    expect(firstTextFault({ a: 'x'.repeat(MAX_TEXT_CHARS + 1) })).toBeNull();
    expect(firstTextFault({ a: 'x'.repeat(MAX_TEXT_CHARS + 1) }, 'length')).toEqual({
      path: 'a',
      message: TOO_LONG_MESSAGE,
    });
  });

  it('finds a query %-escape that is not UTF-8, and nothing else', () => {
    expect(hasBrokenEscape('/api/x?a=%ED%A0%BD')).toBe(true);
    expect(hasBrokenEscape('/api/x?a=100%')).toBe(true);
    expect(hasBrokenEscape('/api/x?a=%F0%9F%92%87&b=caf%C3%A9+au+lait')).toBe(false);
    expect(hasBrokenEscape('/api/x/%ED%A0%BD')).toBe(false);
    expect(hasBrokenEscape('/api/x')).toBe(false);
  });
});
