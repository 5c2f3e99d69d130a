import { isIP } from 'node:net';

/**
 * Whether an address is one the public internet can route to (HMRC refuses private, loopback and link-local
 * addresses in Gov-Client-Public-IP and Gov-Vendor-Public-IP). The documentation ranges (192.0.2.0/24,
 * 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32) count as public: HMRC's own examples use them.
 */
export function isPublicIp(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return isPublicV4(address);
  if (version === 6) return isPublicV6(address.toLowerCase());
  return false;
}

const V4_PRIVATE: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
];

const v4Number = (address: string) => address.split('.').reduce((n, part) => n * 256 + Number(part), 0);

function isPublicV4(address: string): boolean {
  const n = v4Number(address);
  return !V4_PRIVATE.some(
    ([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(v4Number(base) / 2 ** (32 - bits)),
  );
}

function isPublicV6(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return isPublicV4(mapped[1]!);
  if (address === '::' || address === '::1') return false;
  const first = Number.parseInt(address.split(':')[0] || '0', 16);
  // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast.
  if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00) return false;
  return true;
}
