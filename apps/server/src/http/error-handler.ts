import { ERROR_CODES } from '@brade/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { HttpError } from './http-error.js';

interface ErrorBody {
  error: string;
  code: string;
  fields?: Record<string, string>;
  reason?: string;
}

/**
 * Turns every failure into the error shape of docs/architecture.md ("The API's conventions"): a sentence, a stable
 * code, and field messages; never a stack.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      const body: ErrorBody = { error: error.message, code: error.code };
      if (error.fields) body.fields = error.fields;
      if (error.reason) body.reason = error.reason;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[name] ??=
          name === 'body' ? 'The request body must be a JSON object.' : (issue.message ?? 'This value is not valid.');
      }
      const first = Object.values(fields)[0] ?? 'The request is not valid.';
      return reply.status(400).send({ error: first, code: ERROR_CODES.validation, fields });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(400)
        .send({ error: 'The request body is too large (the limit is 1 MB).', code: ERROR_CODES.payloadTooLarge });
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body must be a JSON object.'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'The request body must be sent as application/json.'
              : 'The request is not valid.';
      return reply.status(status === 415 ? 400 : status).send({ error: message, code: ERROR_CODES.badRequest });
    }
    if (isDatabaseUnavailable(error)) {
      // Not a fault in the request: the client (or the load balancer) may try again, here or elsewhere.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({
        error: 'Brade cannot reach its database right now. Please try again in a moment.',
        code: ERROR_CODES.unavailable,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: 'Something went wrong on our side. Please try again.', code: ERROR_CODES.internal });
  });
}

export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/** One 404 handler: page paths get the SPA (when built), everything else a JSON 404. */
export function installNotFoundHandler(app: FastifyInstance, pageFallback: PageFallback | null): void {
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage =
      request.method === 'GET' &&
      !url.startsWith('/api/') &&
      !url.startsWith('/dev/') &&
      !url.startsWith('/sandbox/') &&
      !/\.[a-z0-9]+$/i.test(url);
    if (isPage && pageFallback) return pageFallback(request, reply);
    return reply.status(404).send({ error: `No route for ${request.method} ${url}.`, code: ERROR_CODES.notFound });
  });
}
