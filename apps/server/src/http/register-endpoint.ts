import type { Endpoint } from '@brade/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { runReadWhileSessionChecked, type SessionGuard } from './signed-in.js';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request as the endpoint's schemas have already parsed it. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Out<E['params']>;
  Body: E['body'] extends 'bytes' ? unknown : Out<E['body']>;
  Querystring: Out<E['query']>;
}>;

/** A JSON endpoint's handler answers what its schema describes; a redirect or a file answers through the reply. */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<E['answer'] extends z.ZodType ? z.input<E['answer']> | FastifyReply : FastifyReply>;

/** What a route adds to its declaration: its own body limit or error handler (the photo upload's). */
export type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'errorHandler'> & {
  /** Check the session before a single byte of the body is read (an upload), instead of after validation. */
  authenticateEarly?: boolean;
  /** A signed-in GET whose handler calls out of the app (a provider): it starts only once the session is live. */
  sessionFirst?: boolean;
};

/** What registering an endpoint needs of the app context: the guard of signed-in calls. */
export interface EndpointContext {
  sessionGuard: SessionGuard;
}

/**
 * Registers one endpoint of the contract: its method and path, its schemas for validation, serialisation and
 * /api/docs, and for 'session' endpoints the signed-in check (after validation, as every route has it; a route
 * that must refuse before reading its body asks for `authenticateEarly`).
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  ctx: EndpointContext,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const { authenticateEarly, sessionFirst, ...options } = extras;
  // A signed-in read of the app's own data runs alongside its session check (authenticate.ts): one round trip of
  // latency instead of two. GET handlers change nothing; one that calls a provider asks for `sessionFirst`.
  const concurrent =
    endpoint.auth === 'session' &&
    endpoint.method === 'GET' &&
    typeof endpoint.answer === 'object' &&
    !authenticateEarly &&
    !sessionFirst;
  const signedIn = endpoint.auth === 'session' ? ctx.sessionGuard({ concurrent }) : null;
  const run = handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      tags: [endpoint.tag],
      ...(signedIn ? { security: [{ bearerAuth: [] }] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body && endpoint.body !== 'bytes' ? { body: endpoint.body } : {}),
      ...(typeof endpoint.answer === 'object' ? { response: { 200: endpoint.answer } } : {}),
    },
    ...(signedIn ? (authenticateEarly ? { onRequest: signedIn } : { preHandler: signedIn }) : {}),
    ...options,
    // Fastify types requests by its own generics; the schemas above have parsed it into EndpointRequest<E>.
    handler: concurrent ? runReadWhileSessionChecked(run) : run,
  });
}

/** Registers an area's endpoints; `handlers` must answer every one of them. */
export function registerEndpoints<T extends Record<string, Endpoint>>(
  app: FastifyInstance,
  ctx: EndpointContext,
  table: T,
  handlers: { [K in keyof T]: EndpointHandler<T[K]> | [EndpointHandler<T[K]>, RouteExtras] },
): void {
  for (const name of Object.keys(table) as Array<keyof T & string>) {
    const entry = handlers[name];
    const [handler, extras] = Array.isArray(entry) ? entry : [entry, {}];
    registerEndpoint(app, ctx, table[name]!, handler, extras);
  }
}
