import { BlockList, isIPv4 } from 'node:net';

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  return PRIVATE.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
}

/**
 * TRUST_PROXY=n: the client's address is read through up to n proxies, each of which must sit on a private or
 * loopback address. Fastify ignores a bare hop count (it cannot vouch for the first peer); this vouches for it,
 * so a client that reaches the app directly from the internet cannot choose its own address.
 */
export function trustPrivateHops(hops: number): (address: string, hop: number) => boolean {
  return (address, hop) => hop < hops && isPrivateAddress(address);
}
