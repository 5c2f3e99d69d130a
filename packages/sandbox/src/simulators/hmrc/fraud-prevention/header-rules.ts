import { isPublicIp } from './public-ip';

/**
 * The checks of HMRC's fraud-prevention specification 3.3 for the WEB_APP_VIA_SERVER connection method (docs/hmrc.md,
 * "Fraud prevention"), as the simulator applies them to every API call: each required header present with a value in
 * HMRC's format. An error is something HMRC's Test Fraud Prevention Headers API reports as invalid; a warning what it
 * reports as potentially invalid (an empty value HMRC allows when the data cannot be collected, for example).
 */
export const SPEC_VERSION = '3.3';
export const CONNECTION_METHOD = 'WEB_APP_VIA_SERVER';

export interface Finding {
  severity: 'error' | 'warning';
  code: 'MISSING_HEADER' | 'INVALID_HEADER' | 'EMPTY_HEADER' | 'POTENTIALLY_INVALID_HEADER' | 'UNEXPECTED_HEADER';
  /** The header's name in lower case, as HMRC's validator names it. */
  header: string;
  message: string;
}

type Headers = Record<string, string | string[] | undefined>;

/** Every header WEB_APP_VIA_SERVER requires. */
export const REQUIRED_HEADERS = [
  'gov-client-connection-method',
  'gov-client-browser-js-user-agent',
  'gov-client-device-id',
  'gov-client-multi-factor',
  'gov-client-public-ip',
  'gov-client-public-ip-timestamp',
  'gov-client-public-port',
  'gov-client-screens',
  'gov-client-timezone',
  'gov-client-user-ids',
  'gov-client-window-size',
  'gov-vendor-forwarded',
  'gov-vendor-license-ids',
  'gov-vendor-product-name',
  'gov-vendor-public-ip',
  'gov-vendor-version',
] as const;

/** No longer required for this method (spec 3.1 and 3.2), and "not an issue" when sent. */
const ALLOWED_EXTRA = new Set([
  'gov-client-browser-plugins',
  'gov-client-browser-do-not-track',
  'gov-client-local-ips',
  'gov-client-local-ips-timestamp',
]);

/** Headers that may be sent empty when the data cannot be collected; HMRC then warns instead of refusing. */
const MAY_BE_EMPTY: Record<string, string> = {
  'gov-client-multi-factor':
    'Value is empty. This may be correct for single factor authentication, for example username and password. If this is the case, you must contact us explaining why you cannot submit this header.',
  'gov-vendor-license-ids':
    'Value is empty. This may be correct when the software uses no licence keys. If this is the case, you must contact us explaining why you cannot submit this header.',
};

const PERCENT_ENCODED = /^(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UTC_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const POSITIVE_WHOLE = /^[1-9]\d{0,5}$/;

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
};

/** `a=1&b=2` as pairs, or null when a pair is not `key=value` with both sides percent encoded. */
function keyValues(text: string): Array<[string, string]> | null {
  const pairs = text.split('&').map((part) => part.split('='));
  if (pairs.some((pair) => pair.length !== 2 || !PERCENT_ENCODED.test(pair[0]!) || !PERCENT_ENCODED.test(pair[1]!)))
    return null;
  return pairs.map(([key, value]) => [decode(key!) ?? '', decode(value!) ?? '']);
}

/** A structure of exactly these keys, each value passing its check. */
function hasFields(text: string, checks: Record<string, (value: string) => boolean>): boolean {
  const pairs = keyValues(text);
  if (!pairs || pairs.length !== Object.keys(checks).length) return false;
  const seen = new Map(pairs);
  return Object.entries(checks).every(([key, check]) => seen.has(key) && check(seen.get(key)!));
}

const isValidTime = (text: string) => UTC_MILLIS.test(text) && !Number.isNaN(Date.parse(text));

type Rule = (value: string, all: (name: string) => string | undefined) => Finding | null;
const invalid = (header: string, message: string): Finding => ({
  severity: 'error',
  code: 'INVALID_HEADER',
  header,
  message,
});

const RULES: Record<(typeof REQUIRED_HEADERS)[number], Rule> = {
  'gov-client-connection-method': (value) =>
    value === CONNECTION_METHOD
      ? null
      : invalid(
          'gov-client-connection-method',
          `Value must be ${CONNECTION_METHOD}: this simulator checks that connection method only`,
        ),
  'gov-client-browser-js-user-agent': () => null,
  'gov-client-device-id': (value) =>
    UUID.test(value) ? null : invalid('gov-client-device-id', 'Value must be a universally unique identifier (UUID)'),
  'gov-client-multi-factor': (value) =>
    value.split(',').every((factor) =>
      hasFields(factor, {
        type: (type) => ['TOTP', 'AUTH_CODE', 'OTHER'].includes(type),
        timestamp: (time) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{3})?)?Z$/.test(time),
        'unique-reference': (ref) => ref.length > 0,
      }),
    )
      ? null
      : invalid('gov-client-multi-factor', 'Value must be a list of type, timestamp and unique-reference structures'),
  'gov-client-public-ip': (value) =>
    isPublicIp(value) ? null : invalid('gov-client-public-ip', 'Value must be a public IP address'),
  'gov-client-public-ip-timestamp': (value) =>
    isValidTime(value)
      ? null
      : invalid(
          'gov-client-public-ip-timestamp',
          'Value must be a UTC timestamp in the format yyyy-MM-ddThh:mm:ss.sssZ',
        ),
  'gov-client-public-port': (value) => {
    if (!/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > 65535)
      return invalid('gov-client-public-port', 'Value must be a port number from 1 to 65535');
    return value === '80' || value === '443'
      ? {
          severity: 'warning',
          code: 'POTENTIALLY_INVALID_HEADER',
          header: 'gov-client-public-port',
          message: "Value is 80 or 443: that is the server's port, not the port of the originating device",
        }
      : null;
  },
  'gov-client-screens': (value) =>
    value.split(',').every((screen) =>
      hasFields(screen, {
        width: (n) => POSITIVE_WHOLE.test(n),
        height: (n) => POSITIVE_WHOLE.test(n),
        'scaling-factor': (n) => /^\d+(\.\d+)?$/.test(n) && Number(n) > 0,
        'colour-depth': (n) => POSITIVE_WHOLE.test(n),
      }),
    )
      ? null
      : invalid('gov-client-screens', 'Value must list width, height, scaling-factor and colour-depth for each screen'),
  'gov-client-timezone': (value) =>
    /^UTC[+-](0\d|1[0-4]):[0-5]\d$/.test(value)
      ? null
      : invalid('gov-client-timezone', 'Value must be the offset from UTC in the format UTC±hh:mm'),
  'gov-client-user-ids': (value) => {
    const pairs = keyValues(value);
    return pairs?.every(([key, id]) => key && id)
      ? null
      : invalid('gov-client-user-ids', 'Value must be key=value pairs, each key and value percent encoded');
  },
  'gov-client-window-size': (value) =>
    hasFields(value, { width: (n) => POSITIVE_WHOLE.test(n), height: (n) => POSITIVE_WHOLE.test(n) })
      ? null
      : invalid('gov-client-window-size', 'Value must give the window width and height in pixels'),
  'gov-vendor-forwarded': (value, all) => {
    const hops = value.split(',').map((hop) => keyValues(hop));
    if (hops.some((hop) => hop?.length !== 2 || hop[0]![0] !== 'by' || hop[1]![0] !== 'for'))
      return invalid('gov-vendor-forwarded', 'Value must be a list of by=<IP>&for=<IP> hops, each IP percent encoded');
    const pairs = hops as Array<Array<[string, string]>>;
    if (pairs.some((hop) => hop.some(([, ip]) => !isPublicIp(ip))))
      return invalid('gov-vendor-forwarded', 'Every hop must name public IP addresses');
    if (pairs[0]![0]![1] !== all('gov-vendor-public-ip'))
      return invalid('gov-vendor-forwarded', 'The first hop must be by the value of Gov-Vendor-Public-IP');
    if (!pairs.some((hop) => hop[1]![1] === all('gov-client-public-ip')))
      return invalid('gov-vendor-forwarded', 'A hop must be for the value of Gov-Client-Public-IP');
    return null;
  },
  'gov-vendor-license-ids': (value) =>
    keyValues(value)
      ? null
      : invalid('gov-vendor-license-ids', 'Value must be key=value pairs of hashed licence keys, percent encoded'),
  'gov-vendor-product-name': (value) =>
    PERCENT_ENCODED.test(value) ? null : invalid('gov-vendor-product-name', 'Value must be percent encoded'),
  'gov-vendor-public-ip': (value) =>
    isPublicIp(value) ? null : invalid('gov-vendor-public-ip', 'Value must be a public IP address'),
  'gov-vendor-version': (value) => {
    const pairs = keyValues(value);
    if (!pairs || pairs.some(([key, version]) => !key || !version))
      return invalid(
        'gov-vendor-version',
        'Value must be key=value pairs of software names and versions, percent encoded',
      );
    return pairs.length < 2
      ? {
          severity: 'warning',
          code: 'POTENTIALLY_INVALID_HEADER',
          header: 'gov-vendor-version',
          message: 'A connection via a server should give the versions of both the client and the server software',
        }
      : null;
  },
};

/** Every finding for one request's headers (names in any case, as an HTTP server hands them over). */
export function checkFraudPreventionHeaders(headers: Headers): Finding[] {
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const findings: Finding[] = [];
  const single = (name: string): string | undefined => {
    const value = lower.get(name);
    return Array.isArray(value) ? value[0] : value;
  };
  for (const name of REQUIRED_HEADERS) {
    const value = lower.get(name);
    if (value === undefined) {
      findings.push({ severity: 'error', code: 'MISSING_HEADER', header: name, message: 'Header required' });
    } else if (Array.isArray(value)) {
      findings.push(invalid(name, 'Header must be sent once'));
    } else if (value.trim() === '') {
      findings.push(
        MAY_BE_EMPTY[name]
          ? { severity: 'warning', code: 'EMPTY_HEADER', header: name, message: MAY_BE_EMPTY[name]! }
          : invalid(name, 'Value must not be empty'),
      );
    } else {
      const finding = RULES[name](value, single);
      if (finding) findings.push(finding);
    }
  }
  for (const name of lower.keys()) {
    const ours = name.startsWith('gov-client-') || name.startsWith('gov-vendor-');
    if (ours && !(REQUIRED_HEADERS as readonly string[]).includes(name) && !ALLOWED_EXTRA.has(name)) {
      findings.push({
        severity: 'warning',
        code: 'UNEXPECTED_HEADER',
        header: name,
        message: `This header is not part of the ${CONNECTION_METHOD} connection method`,
      });
    }
  }
  return findings;
}
