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
    /** Set by requireUser({ concurrent: true }): whether the session is live, still being checked. */
    sessionLive?: Promise<boolean>;
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
 *
 * With `concurrent`, a read's handler starts while the session is checked in the database instead of after it:
 * the token's signature already names the owner, and runReadWhileSessionChecked sends nothing until the session
 * proves live, so a call spends one round trip where it spent two, and a revoked session still gets 401 on
 * every instance at once (docs/security-decisions.md).
 */
export function requireUser(ctx: TokenDeps, options: { concurrent?: boolean } = {}) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    const claims = token ? await readAccessToken(ctx.accessKey, token) : null;
    if (claims?.kind !== 'normal') throw unauthorized();
    const live = isSessionLive(ctx.database.db, claims.sessionId, claims.userId);
    if (options.concurrent) {
      // Awaited by runReadWhileSessionChecked; a failure must not count as unhandled before then.
      live.catch(() => {});
      request.sessionLive = live;
    } else if (!(await live)) {
      throw unauthorized();
    }
    request.user = { userId: claims.userId, sessionId: claims.sessionId };
  };
}

/**
 * Runs a read's handler while its session is still being checked (requireUser({ concurrent: true })): its answer,
 * or its error, is given only once the session proves live; otherwise the caller gets 401, as if the handler had
 * never run. Only for handlers that change nothing.
 */
export function runReadWhileSessionChecked<A extends unknown[], T>(
  handler: (request: FastifyRequest, ...rest: A) => Promise<T>,
) {
  return async (request: FastifyRequest, ...rest: A): Promise<T> => {
    const live = request.sessionLive;
    if (!live) throw unauthorized();
    const answer = handler(request, ...rest).then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    if (!(await live)) throw unauthorized();
    const done = await answer;
    if (!done.ok) throw done.error;
    return done.value;
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
