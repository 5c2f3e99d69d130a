import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/http-error.js';
import { readAccessToken } from './access-tokens.js';
import type { TokenDeps } from './auth-deps.js';
import { isSessionLive } from './sessions.js';

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
 * the token's signature already names the owner, and runReadWhileSessionChecked (http/signed-in.ts) sends nothing
 * until the session proves live, so a call spends one round trip where it spent two, and a revoked session still
 * gets 401 on every instance at once (docs/security-decisions.md).
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
