import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound, unauthorized } from '../http/http-error.js';
import { readAccessToken } from './access-tokens.js';
import type { TokenDeps } from './auth-deps.js';
import { isSessionLive } from './sessions.js';

export interface AuthenticatedUser {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthenticatedUser;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * preHandler for every call that needs a signed-in owner: a valid access JWT of a normal (not recovery)
 * session that has not been revoked, so sign-out and password changes take effect at once.
 */
export function requireUser(ctx: TokenDeps) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    const claims = token ? await readAccessToken(ctx.accessKey, token) : null;
    if (claims?.kind !== 'normal' || !(await isSessionLive(ctx.database.db, claims.sessionId, claims.userId))) {
      throw unauthorized();
    }
    request.user = { userId: claims.userId, sessionId: claims.sessionId };
  };
}

/** The id a caller names must be their own; anything else is "not found" so ids cannot be probed. */
export function ownId(request: FastifyRequest, id: unknown): string {
  const user = request.user;
  if (!user || typeof id !== 'string' || id.toLowerCase() !== user.userId) {
    request.log.warn({ userId: user?.userId }, 'access to another id refused');
    throw notFound();
  }
  return user.userId;
}
