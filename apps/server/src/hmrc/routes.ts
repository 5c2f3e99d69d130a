import { HMRC_ENDPOINTS as E, HMRC_MESSAGES } from '@brade/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { registerEndpoints } from '../http/register-endpoint.js';
import { ownId } from '../http/signed-in.js';
import type { Actor } from './audit.js';
import { completeHmrcConnection, disconnectHmrc, hmrcAuthorizationUrl, hmrcConnectionOf } from './connect-service.js';
import { connectionFacts } from './fraud-prevention/connection-facts.js';

/** The owner's HMRC connection (docs/hmrc.md, "Connecting"): the grant-authority address, its return, status, disconnect. */
export function hmrcRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const actor = (request: Parameters<typeof ownId>[0], userId: string): Actor => ({
      userId,
      sessionId: request.user?.sessionId ?? null,
      clientIp: connectionFacts(request, ctx.clock()).clientIp,
    });
    registerEndpoints(app, ctx, E, {
      authorizationUrl: async (req) => hmrcAuthorizationUrl(ctx, ownId(req, req.body.id)),
      connect: async (req) => ({
        connection: await completeHmrcConnection(ctx, actor(req, ownId(req, req.body.id)), req.body),
      }),
      connection: async (req) => ({ connection: await hmrcConnectionOf(ctx, ownId(req, req.params.id)) }),
      disconnect: async (req) => ({
        connection: await disconnectHmrc(ctx, actor(req, ownId(req, req.body.id))),
        message: HMRC_MESSAGES.disconnected,
      }),
    });
  };
}
