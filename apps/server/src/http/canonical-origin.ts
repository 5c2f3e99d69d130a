import { isIP } from 'node:net';
import { isPrivateAddress } from './trust-proxy.js';

const isLocalHostname = (hostname: string): boolean => {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || (isIP(bare) !== 0 && isPrivateAddress(bare));
};

/**
 * Where a page asked for at `requestHost` (the Host header, or the forwarded one behind a trusted proxy) must go so
 * that it runs at PUBLIC_URL's origin; null when it is there already or must be left alone.
 *
 * Only the host is compared: behind a TLS proxy that is not trusted the scheme reads as http while PUBLIC_URL says
 * https, and redirecting on that would loop. A loopback or private host asking for a public PUBLIC_URL is the proxy
 * in front (nginx forwards its upstream address by default) or a check on the box itself, not a visitor.
 */
export function canonicalPageUrl(
  requestHost: string | undefined,
  pathAndQuery: string,
  publicUrl: string,
): string | null {
  const target = new URL(publicUrl);
  let asked: URL;
  try {
    asked = new URL(`${target.protocol}//${requestHost ?? ''}`);
  } catch {
    return null;
  }
  if (!requestHost || asked.host === target.host) return null;
  if (!isLocalHostname(target.hostname) && isLocalHostname(asked.hostname)) return null;
  return `${target.origin}${pathAndQuery}`;
}
