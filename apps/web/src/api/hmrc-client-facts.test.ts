import { ClientFactsSchema } from '@brade/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { collectClientFacts, deviceId } from './hmrc-client-facts';

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test clears the cookie the module set.
  document.cookie = 'brade_device_id=; Max-Age=0; Path=/';
});

describe('the browser’s part of HMRC’s fraud-prevention headers', () => {
  it('is what the contract accepts, from the browser itself', () => {
    const facts = collectClientFacts();
    expect(ClientFactsSchema.safeParse(facts).success).toBe(true);
    expect(facts.user_agent).toBe(navigator.userAgent);
    expect(facts.window).toEqual({ width: window.innerWidth, height: window.innerHeight });
  });

  it('keeps one device id in a cookie of its own, which clearing localStorage (signing out) leaves alone', () => {
    const first = deviceId();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    localStorage.clear();
    expect(deviceId()).toBe(first);
    expect(document.cookie).toContain(`brade_device_id=${first}`);
  });
});
