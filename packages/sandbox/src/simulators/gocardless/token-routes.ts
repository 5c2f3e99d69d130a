import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, bodyField } from '../common/request-parsing';
import { type GoCardlessContext, routeBothSlashes } from './gocardless-context';
import { sendError, sendFieldError } from './gocardless-errors';
import { ACCESS_SECONDS, REFRESH_SECONDS } from './gocardless-state';

const API = '/api/v2';

/** Bearer check for everything but the token endpoints. Returns false after sending the 401. */
export function requireAccessToken(request: FastifyRequest, reply: FastifyReply, context: GoCardlessContext): boolean {
  const token = bearerToken(request);
  if (!token) {
    sendError(
      reply,
      401,
      'Authentication credentials were not provided.',
      'Authentication credentials were not provided.',
    );
    return false;
  }
  if (!context.state.isValid(token, 'access', context.clock.now().getTime())) {
    sendError(reply, 401, 'Invalid token', 'Token is invalid or expired');
    return false;
  }
  return true;
}

/**
 * POST /token/new/ (user secrets → access 24 h + refresh 30 days) and POST /token/refresh/ (→ a new access token).
 * Any non-empty secret pair is accepted: the simulator has no user secrets to check against.
 */
export function registerTokenRoutes(fastify: FastifyInstance, context: GoCardlessContext): void {
  routeBothSlashes(fastify, 'POST', `${API}/token/new/`, async (request, reply) => {
    for (const field of ['secret_id', 'secret_key']) {
      if (!bodyField(request.body, field))
        return sendFieldError(reply, field, 'This field is required.', `${field} is required`);
    }
    const now = context.clock.now().getTime();
    return {
      access: context.state.newAccessToken(now),
      access_expires: ACCESS_SECONDS,
      refresh: context.state.newRefreshToken(now),
      refresh_expires: REFRESH_SECONDS,
    };
  });

  routeBothSlashes(fastify, 'POST', `${API}/token/refresh/`, async (request, reply) => {
    const refresh = bodyField(request.body, 'refresh');
    if (!refresh) return sendFieldError(reply, 'refresh', 'This field is required.', 'refresh is required');
    const now = context.clock.now().getTime();
    if (!context.state.isValid(refresh, 'refresh', now))
      return sendError(reply, 401, 'Invalid token', 'Token is invalid or expired');
    return { access: context.state.newAccessToken(now), access_expires: ACCESS_SECONDS };
  });
}
