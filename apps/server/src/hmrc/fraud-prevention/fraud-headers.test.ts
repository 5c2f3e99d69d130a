import { hmrc } from '@brade/sandbox';
import { describe, expect, it } from 'vitest';
import { TEST_CLIENT } from '../../test/hmrc-test-kit.js';
import { fraudPreventionHeaders, percentEncode } from './fraud-headers.js';

const at = new Date('2026-04-20T10:00:00.123Z');
const input = {
  client: TEST_CLIENT,
  connection: { clientIp: '198.51.100.23', clientPort: 50_123, seenAt: at },
  vendorPublicIp: '203.0.113.6',
  userId: '4f6b1c1e-5d7a-4a8e-9a57-7b0c3c5a1f00',
};
const errors = (headers: Record<string, string>) =>
  hmrc.checkFraudPreventionHeaders(headers).filter((f) => f.severity === 'error');

describe('the WEB_APP_VIA_SERVER headers Brade sends HMRC', () => {
  it('are the full set, each from its source (docs/hmrc.md, "Fraud prevention")', () => {
    expect(fraudPreventionHeaders(input)).toEqual({
      'Gov-Client-Connection-Method': 'WEB_APP_VIA_SERVER',
      'Gov-Client-Browser-JS-User-Agent': TEST_CLIENT.user_agent,
      'Gov-Client-Device-ID': TEST_CLIENT.device_id,
      'Gov-Client-Multi-Factor': '',
      'Gov-Client-Public-IP': '198.51.100.23',
      'Gov-Client-Public-IP-Timestamp': '2026-04-20T10:00:00.123Z',
      'Gov-Client-Public-Port': '50123',
      'Gov-Client-Screens': 'width=1920&height=1080&scaling-factor=1&colour-depth=24',
      'Gov-Client-Timezone': 'UTC+01:00',
      'Gov-Client-User-IDs': 'brade=4f6b1c1e-5d7a-4a8e-9a57-7b0c3c5a1f00',
      'Gov-Client-Window-Size': 'width=1440&height=900',
      'Gov-Vendor-Forwarded': 'by=203.0.113.6&for=198.51.100.23',
      'Gov-Vendor-License-IDs': '',
      'Gov-Vendor-Product-Name': 'Brade',
      'Gov-Vendor-Public-IP': '203.0.113.6',
      'Gov-Vendor-Version': 'brade-web=0.1.0&brade-server=0.1.0',
    });
  });

  it('pass the simulator’s check of HMRC’s specification, warning only of the two values Brade cannot collect', () => {
    const findings = hmrc.checkFraudPreventionHeaders(fraudPreventionHeaders(input));
    expect(findings.map((f) => `${f.header} ${f.code}`)).toEqual([
      'gov-client-multi-factor EMPTY_HEADER',
      'gov-vendor-license-ids EMPTY_HEADER',
    ]);
  });

  it('encode what HMRC asks to be encoded: two screens, a fractional scale, IPv6 hops', () => {
    const headers = fraudPreventionHeaders({
      ...input,
      client: {
        ...TEST_CLIENT,
        screens: [
          { width: 2560, height: 1440, scaling_factor: 1.25, colour_depth: 30 },
          { width: 1080, height: 1920, scaling_factor: 1, colour_depth: 24 },
        ],
      },
      connection: { ...input.connection, clientIp: '2a00:23c6:1234::1' },
    });
    expect(headers['Gov-Client-Screens']).toBe(
      'width=2560&height=1440&scaling-factor=1.25&colour-depth=30,width=1080&height=1920&scaling-factor=1&colour-depth=24',
    );
    expect(headers['Gov-Vendor-Forwarded']).toBe('by=203.0.113.6&for=2a00%3A23c6%3A1234%3A%3A1');
    expect(errors(headers)).toEqual([]);
    expect(percentEncode("Brade's (salon)")).toBe('Brade%27s%20%28salon%29');
  });

  it('leave out what the server does not know, so HMRC is told nothing false (the simulator then names it)', () => {
    const headers = fraudPreventionHeaders({
      ...input,
      vendorPublicIp: null,
      connection: { ...input.connection, clientPort: null },
    });
    expect(headers).not.toHaveProperty('Gov-Vendor-Public-IP');
    expect(headers).not.toHaveProperty('Gov-Client-Public-Port');
    expect(errors(headers).map((f) => f.header)).toEqual([
      'gov-client-public-port',
      'gov-vendor-forwarded',
      'gov-vendor-public-ip',
    ]);
  });
});
