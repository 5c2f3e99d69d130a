import { BRADE_PRODUCT_NAME, BRADE_VERSION, type ClientFacts } from '@brade/contract';
import type { ConnectionFacts } from './connection-facts.js';

/** Percent encoding as HMRC asks for it: everything but A–Z, a–z, 0–9 and - . _ ~. */
export function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The product's key in the key-value headers: its name, lower-case. */
const KEY = BRADE_PRODUCT_NAME.toLowerCase();

export interface FraudHeaderInput {
  /** What the browser collected (docs/hmrc.md, "Fraud prevention", the browser's part). */
  client: ClientFacts;
  /** What the server saw of the browser's connection. */
  connection: ConnectionFacts;
  /** Gov-Vendor-Public-IP: where HMRC sees Brade's calls come from (HMRC_VENDOR_PUBLIC_IP). */
  vendorPublicIp: string | null;
  /** The signed-in owner: Brade's own id for them. */
  userId: string;
}

/**
 * The full WEB_APP_VIA_SERVER header set of HMRC's fraud-prevention specification 3.3, for every call to HMRC
 * (docs/hmrc.md, "Fraud prevention", which gives each header's source). Two are sent empty, as HMRC allows for data
 * that cannot be collected: Gov-Client-Multi-Factor (Brade signs owners in with a password alone) and
 * Gov-Vendor-License-IDs (Brade installs no licensed software on the device). A header whose value the server does
 * not have (no vendor address configured, a proxy that dropped the port) is left out rather than invented.
 */
export function fraudPreventionHeaders(input: FraudHeaderInput): Record<string, string> {
  const { client, connection, vendorPublicIp } = input;
  const screens = client.screens
    .map(
      (s) =>
        `width=${s.width}&height=${s.height}&scaling-factor=${percentEncode(String(s.scaling_factor))}&colour-depth=${s.colour_depth}`,
    )
    .join(',');
  return {
    'Gov-Client-Connection-Method': 'WEB_APP_VIA_SERVER',
    'Gov-Client-Browser-JS-User-Agent': client.user_agent,
    'Gov-Client-Device-ID': client.device_id,
    'Gov-Client-Multi-Factor': '',
    'Gov-Client-Public-IP': connection.clientIp,
    'Gov-Client-Public-IP-Timestamp': connection.seenAt.toISOString(),
    ...(connection.clientPort !== null ? { 'Gov-Client-Public-Port': String(connection.clientPort) } : {}),
    'Gov-Client-Screens': screens,
    'Gov-Client-Timezone': client.timezone,
    'Gov-Client-User-IDs': `${KEY}=${percentEncode(input.userId)}`,
    'Gov-Client-Window-Size': `width=${client.window.width}&height=${client.window.height}`,
    ...(vendorPublicIp
      ? {
          'Gov-Vendor-Forwarded': `by=${percentEncode(vendorPublicIp)}&for=${percentEncode(connection.clientIp)}`,
          'Gov-Vendor-Public-IP': vendorPublicIp,
        }
      : {}),
    'Gov-Vendor-License-IDs': '',
    'Gov-Vendor-Product-Name': percentEncode(BRADE_PRODUCT_NAME),
    'Gov-Vendor-Version': `${KEY}-web=${percentEncode(client.web_version)}&${KEY}-server=${percentEncode(BRADE_VERSION)}`,
  };
}
