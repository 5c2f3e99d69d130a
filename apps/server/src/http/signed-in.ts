import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound, unauthorized } from './http-error.js';

/** Who is calling, once the session guard (auth/authenticate.ts) has let the request through. */
export interface AuthenticatedUser {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthenticatedUser;
    /** Set by a concurrent session guard: whether the session is live, still being checked. */
    sessionLive?: Promise<boolean>;
  }
}

/**
 * Makes the preHandler of a signed-in call. The composition root builds it from auth/authenticate.ts and hands it
 * to the routes through the app context, so http/ (below every domain) never imports auth/.
 * With `concurrent`, the handler may start while the session is checked (runReadWhileSessionChecked).
 */
export type SessionGuard = (options: {
  concurrent: boolean;
}) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Runs a read's handler while its session is still being checked (a concurrent session guard): its answer, or its
 * error, is given only once the session proves live; otherwise the caller gets 401, as if the handler had never
 * run. Only for handlers that change nothing.
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
