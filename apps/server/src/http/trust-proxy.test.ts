import { describe, expect, it } from 'vitest';
import { isPrivateAddress, trustPrivateHops } from './trust-proxy.js';

describe('trusting proxies', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.20.0.5', '192.168.1.1', '::1', '::ffff:127.0.0.1', 'fd00::1'])(
    '%s is a private address',
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );

  it.each(['8.8.8.8', '198.51.100.7', '2001:db8::1', '::ffff:8.8.8.8'])('%s is not', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );

  it('trusts at most the configured number of private hops', () => {
    const trust = trustPrivateHops(1);
    expect(trust('10.0.0.2', 0)).toBe(true);
    expect(trust('10.0.0.3', 1)).toBe(false);
    expect(trust('203.0.113.9', 0)).toBe(false);
  });
});
