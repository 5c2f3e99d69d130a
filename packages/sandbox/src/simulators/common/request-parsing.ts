import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Form bodies for OAuth token endpoints. Fastify has no built-in form parser; this one is scoped to the simulator's
 * plugin, and skipped when the host app already registered one.
 */
export function acceptFormBodies(fastify: FastifyInstance): void {
  if (fastify.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

/**
 * The raw query string as URLSearchParams. Read from the raw URL so repeated keys such as `statuses[]` keep their
 * literal names whatever querystring parser the host server uses.
 */
export function rawQuery(request: FastifyRequest): URLSearchParams {
  const url = request.raw.url ?? request.url;
  const index = url.indexOf('?');
  return new URLSearchParams(index === -1 ? '' : url.slice(index + 1));
}

/** Values of an array parameter given as `name[]=a&name[]=b`, `name=a&name=b` or `name=a,b`. */
export function arrayParam(query: URLSearchParams, name: string): string[] {
  return [...query.getAll(`${name}[]`), ...query.getAll(name)].flatMap((v) => v.split(',')).filter(Boolean);
}

/** A string field from a JSON or form body, or undefined. */
export function bodyField(body: unknown, name: string): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** HTTP Basic credentials, if the Authorization header carries them. */
export function basicCredentials(request: FastifyRequest): { id: string; secret: string } | undefined {
  const header = request.headers.authorization ?? '';
  const match = /^Basic\s+(.+)$/i.exec(header);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return undefined;
  return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
}

/** The Bearer token from the Authorization header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** Appends query parameters to a redirect URI that may already carry some. */
export function withQuery(uri: string, params: Record<string, string>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}
