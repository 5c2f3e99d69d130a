import type { ClientFacts } from '@brade/contract';
import type { FastifyRequest } from 'fastify';
import type { Actor } from './audit.js';
import { connectionFacts } from './fraud-prevention/connection-facts.js';
import { fraudPreventionHeaders } from './fraud-prevention/fraud-headers.js';
import type { HmrcEndpoint } from './hmrc-endpoint.js';

/** Who is calling HMRC through Brade, and the fraud-prevention headers their call carries. */
export interface HmrcCaller {
  actor: Actor;
  fraudHeaders: Record<string, string>;
}

/** From a signed-in request and the facts its browser sent: the headers every HMRC call of this request carries. */
export function hmrcCaller(
  request: FastifyRequest,
  userId: string,
  client: ClientFacts,
  endpoint: HmrcEndpoint,
  now: Date,
): HmrcCaller {
  const connection = connectionFacts(request, now);
  return {
    actor: { userId, sessionId: request.user?.sessionId ?? null, clientIp: connection.clientIp },
    fraudHeaders: fraudPreventionHeaders({ client, connection, vendorPublicIp: endpoint.vendorPublicIp, userId }),
  };
}
