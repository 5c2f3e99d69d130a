import { describe, expect, it } from 'vitest';
import { canonicalPageUrl } from './canonical-origin.js';

describe('canonicalPageUrl', () => {
  it('moves a page opened at another local address to PUBLIC_URL, keeping path and query', () => {
    expect(canonicalPageUrl('127.0.0.1:3000', '/login?x=1', 'http://localhost:3000')).toBe(
      'http://localhost:3000/login?x=1',
    );
    expect(canonicalPageUrl('localhost:3000', '/', 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000/');
    expect(canonicalPageUrl('[::1]:3000', '/signup', 'http://localhost:3000')).toBe('http://localhost:3000/signup');
  });

  it('moves a page opened under another public name', () => {
    expect(canonicalPageUrl('www.brade.example', '/login', 'https://brade.example')).toBe(
      'https://brade.example/login',
    );
  });

  it('leaves PUBLIC_URL itself alone, default ports included', () => {
    expect(canonicalPageUrl('localhost:3000', '/login', 'http://localhost:3000')).toBeNull();
    expect(canonicalPageUrl('brade.example', '/login', 'https://brade.example')).toBeNull();
    expect(canonicalPageUrl('brade.example:443', '/login', 'https://brade.example/')).toBeNull();
  });

  it('leaves a proxy hop or a local check in front of a public PUBLIC_URL alone (no redirect loop)', () => {
    expect(canonicalPageUrl('127.0.0.1:3000', '/login', 'https://brade.example')).toBeNull();
    expect(canonicalPageUrl('10.0.3.7:3000', '/login', 'https://brade.example')).toBeNull();
    expect(canonicalPageUrl('localhost', '/login', 'https://brade.example')).toBeNull();
  });

  it('leaves a missing or unreadable Host alone', () => {
    expect(canonicalPageUrl(undefined, '/login', 'http://localhost:3000')).toBeNull();
    expect(canonicalPageUrl('', '/login', 'http://localhost:3000')).toBeNull();
    expect(canonicalPageUrl('bad host\u0000', '/login', 'http://localhost:3000')).toBeNull();
  });
});
