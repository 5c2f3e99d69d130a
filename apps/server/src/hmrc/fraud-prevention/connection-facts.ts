import type { FastifyRequest } from 'fastify';

/**
 * What the server sees of the browser's connection (docs/hmrc.md, "Fraud prevention"): its public address and
 * source port as they reached Brade's edge, and when. Behind TRUST_PROXY the address is the one the trusted proxies
 * forwarded (http/trust-proxy.ts) and the port the one the edge proxy put in X-Client-Port (docs/deployment.md);
 * without a proxy, the socket's own.
 */
export interface ConnectionFacts {
  clientIp: string;
  /** Null when a proxy forwarded the request without the client's port. */
  clientPort: number | null;
  seenAt: Date;
}

const plain = (address: string) => (address.startsWith('::ffff:') ? address.slice(7) : address);

export function connectionFacts(request: FastifyRequest, seenAt: Date): ConnectionFacts {
  const socketAddress = request.socket.remoteAddress ?? '';
  const forwarded = request.ip !== socketAddress;
  const header = request.headers['x-client-port'];
  const told = Number(Array.isArray(header) ? header[0] : header);
  const port = forwarded
    ? Number.isInteger(told) && told >= 1 && told <= 65535
      ? told
      : null
    : (request.socket.remotePort ?? null);
  return { clientIp: plain(request.ip), clientPort: port, seenAt };
}
