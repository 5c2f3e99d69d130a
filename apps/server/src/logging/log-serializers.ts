import type { FastifyRequest } from 'fastify';

/**
 * What the logs may hold (docs/security-decisions.md): a failed query's SQL text and SQLSTATE, never its
 * parameters (e-mails, password hashes, tokens) nor the database's `detail`, which repeats the offending value.
 */
const DROPPED_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'hint', 'internalQuery', 'position']);
const MAX_DEPTH = 5;

type Serialised = Record<string, unknown>;

function isErrorLike(value: unknown): value is Error & Record<string, unknown> {
  return typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';
}

/** drizzle's DrizzleQueryError puts "params: …" into its message (and so its stack): only the SQL text stays. */
function withoutParams(err: Error & Record<string, unknown>): { message: string; stack: string | undefined } {
  if (typeof err.query !== 'string' || !('params' in err)) return { message: err.message, stack: err.stack };
  const message = `Failed query: ${err.query}`;
  return { message, stack: err.stack?.replace(err.message, message) };
}

export function serialiseError(err: unknown, depth = 0): unknown {
  if (!isErrorLike(err)) return err;
  const { message, stack } = withoutParams(err);
  const out: Serialised = { type: err.constructor?.name ?? 'Error', message, stack };
  for (const [key, value] of Object.entries(err)) {
    if (DROPPED_FIELDS.has(key) || key === 'cause' || key === 'message' || key === 'stack') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  if (err.cause !== undefined && depth < MAX_DEPTH) out.cause = serialiseError(err.cause, depth + 1);
  return out;
}

/**
 * Request lines name the path only: query strings carry reset and e-mail-change tokens, OAuth codes and states.
 */
export function serialiseRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    remoteAddress: request.ip,
  };
}
