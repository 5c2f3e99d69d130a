import { describe, expect, it } from 'vitest';
import { validFraudHeaders } from '../../../test/hmrc-test-helpers';
import { validationAnswer } from './feedback';
import { checkFraudPreventionHeaders } from './header-rules';
import { isPublicIp } from './public-ip';

const check = (overrides: Record<string, string> = {}, without: string[] = []) => {
  const headers: Record<string, string> = validFraudHeaders(overrides);
  for (const name of without) delete headers[name];
  return checkFraudPreventionHeaders(headers);
};
const errorsOf = (findings: ReturnType<typeof check>) =>
  findings.filter((f) => f.severity === 'error').map((f) => `${f.header} ${f.code}`);

describe('the WEB_APP_VIA_SERVER checks of HMRC’s specification 3.3', () => {
  it('passes a complete set, warning only of the two values HMRC lets a single-factor web app leave empty', () => {
    expect(validationAnswer(check())).toEqual({
      specVersion: '3.3',
      code: 'POTENTIALLY_INVALID_HEADERS',
      message: 'At least 1 header is potentially invalid',
      warnings: [
        expect.objectContaining({ code: 'EMPTY_HEADER', headers: ['gov-client-multi-factor'] }),
        expect.objectContaining({ code: 'EMPTY_HEADER', headers: ['gov-vendor-license-ids'] }),
      ],
    });
    const full = check({
      'Gov-Client-Multi-Factor': 'type=TOTP&timestamp=2026-04-20T09%3A58Z&unique-reference=c6d2a1',
      'Gov-Vendor-License-IDs': 'brade=8d7963490527d33716835ee7c195516d5e562e03b224e9b359836466ee40cde1',
    });
    expect(validationAnswer(full)).toEqual({
      specVersion: '3.3',
      code: 'VALID_HEADERS',
      message: 'All headers appear to be valid',
    });
  });

  it('names every missing header', () => {
    const missing = errorsOf(check({}, Object.keys(validFraudHeaders())));
    expect(missing).toHaveLength(16);
    expect(missing.every((line) => line.endsWith('MISSING_HEADER'))).toBe(true);
  });

  it.each([
    ['Gov-Client-Connection-Method', 'DESKTOP_APP_DIRECT'],
    ['Gov-Client-Device-ID', 'device-1'],
    ['Gov-Client-Public-IP', '192.168.1.20'],
    ['Gov-Client-Public-IP', '127.0.0.1'],
    ['Gov-Client-Public-IP', 'fe80::1'],
    ['Gov-Client-Public-IP-Timestamp', '2026-04-20T10:00:00Z'],
    ['Gov-Client-Public-Port', '70000'],
    ['Gov-Client-Screens', 'width=1920&height=1080&colour-depth=24'],
    ['Gov-Client-Screens', 'width=0&height=1080&scaling-factor=1&colour-depth=24'],
    ['Gov-Client-Timezone', 'GMT+01:00'],
    ['Gov-Client-User-IDs', 'brade=priya shah'],
    ['Gov-Client-Window-Size', 'width=1440'],
    ['Gov-Client-Multi-Factor', 'type=SMS&timestamp=2026-04-20T09%3A58Z&unique-reference=1'],
    ['Gov-Vendor-Forwarded', 'by=203.0.113.6'],
    ['Gov-Vendor-Forwarded', 'by=203.0.113.7&for=198.51.100.23'],
    ['Gov-Vendor-Forwarded', 'by=203.0.113.6&for=198.51.100.99'],
    ['Gov-Vendor-Forwarded', 'by=203.0.113.6&for=10.0.0.4'],
    ['Gov-Vendor-Product-Name', 'Brade Salon'],
    ['Gov-Vendor-Public-IP', '10.0.0.1'],
    ['Gov-Vendor-Version', 'brade'],
    ['Gov-Client-Browser-JS-User-Agent', ''],
  ])('refuses %s: %s', (header, value) => {
    // An address that changes also breaks Gov-Vendor-Forwarded, which must name it: that is a finding of its own.
    const errors = errorsOf(check({ [header]: value })).filter(
      (line) => !line.startsWith('gov-vendor-forwarded') || header === 'Gov-Vendor-Forwarded',
    );
    expect(errors).toEqual([`${header.toLowerCase()} INVALID_HEADER`]);
  });

  it('warns of a server port, a single software version, and a Gov- header this method does not use', () => {
    const findings = check({
      'Gov-Client-Public-Port': '443',
      'Gov-Vendor-Version': 'brade=0.1.0',
      'Gov-Client-MAC-Addresses': 'ea%3A43%3A1a%3A5d%3A21%3A45',
      'Gov-Client-Local-IPs': '10.1.2.3',
    });
    expect(errorsOf(findings)).toEqual([]);
    expect(findings.filter((f) => f.code !== 'EMPTY_HEADER').map((f) => `${f.header} ${f.code}`)).toEqual([
      'gov-client-public-port POTENTIALLY_INVALID_HEADER',
      'gov-vendor-version POTENTIALLY_INVALID_HEADER',
      'gov-client-mac-addresses UNEXPECTED_HEADER',
    ]);
  });

  it('knows public addresses from private, loopback, link-local and shared ones', () => {
    for (const address of ['198.51.100.23', '203.0.113.6', '81.2.69.160', '2a00:1450:4009:80b::200e', '2001:db8::1'])
      expect(isPublicIp(address), address).toBe(true);
    for (const address of [
      '10.0.0.1',
      '172.20.1.1',
      '192.168.0.5',
      '127.0.0.1',
      '100.64.1.1',
      '169.254.1.1',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ])
      expect(isPublicIp(address), address).toBe(false);
  });
});
