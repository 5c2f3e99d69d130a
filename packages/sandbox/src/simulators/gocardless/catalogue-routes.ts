import type { FastifyInstance } from 'fastify';
import { rawQuery } from '../common/request-parsing';
import { type GoCardlessContext, routeBothSlashes } from './gocardless-context';
import { notFound } from './gocardless-errors';
import { logoSvg, ukInstitutions } from './institutions';
import { requireAccessToken } from './token-routes';

/** GET /institutions/?country=gb, GET /institutions/{id}/ and the generated logos they point at. */
export function registerInstitutionRoutes(fastify: FastifyInstance, context: GoCardlessContext): void {
  routeBothSlashes(fastify, 'GET', '/api/v2/institutions/', async (request, reply) => {
    if (!requireAccessToken(request, reply, context)) return reply;
    const country = rawQuery(request).get('country')?.toUpperCase();
    const all = ukInstitutions(context.options.publicBaseUrl);
    return country ? all.filter((i) => i.countries.includes(country)) : all;
  });

  routeBothSlashes(fastify, 'GET', '/api/v2/institutions/:id/', async (request, reply) => {
    if (!requireAccessToken(request, reply, context)) return reply;
    const { id } = request.params as { id: string };
    return ukInstitutions(context.options.publicBaseUrl).find((i) => i.id === id) ?? notFound(reply);
  });

  // Public, like the real logo URLs: the browser loads them without a token.
  fastify.get('/logos/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const svg = logoSvg(file.replace(/\.svg$/, ''));
    if (!svg) return reply.code(404).send();
    return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });
}

export function findInstitution(context: GoCardlessContext, id: string | undefined) {
  return id ? ukInstitutions(context.options.publicBaseUrl).find((i) => i.id === id) : undefined;
}

/** `{count, next, previous, results}` with limit/offset, as GoCardless lists agreements and requisitions. */
export function paginate<T>(items: T[], query: URLSearchParams, baseUrl: string) {
  const limit = Math.min(Math.max(Number(query.get('limit') ?? 100) || 100, 1), 100);
  const offset = Math.max(Number(query.get('offset') ?? 0) || 0, 0);
  const link = (at: number) => `${baseUrl}?limit=${limit}&offset=${at}`;
  return {
    count: items.length,
    next: offset + limit < items.length ? link(offset + limit) : null,
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    results: items.slice(offset, offset + limit),
  };
}
