import { ALL_ENDPOINTS, ApiErrorSchema, type Endpoint, errorAnswersOf } from '@brade/contract';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';

/**
 * The API as an outside client reads it, at GET /api/docs (docs/architecture.md, "The API's conventions"): every call
 * of the contract with its `operationId`, one-line summary, security and error answers, in the one error shape. The
 * simulators and the dev mailbox are not the product's API and stay out (http/unlisted-routes.ts).
 */
export async function registerApiDescription(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Brade API',
        version: '0.1.0',
        description: 'Finance tracking for UK salons. Every error answer is `{ error, code, fields? }`.',
      },
      servers: [{ url: publicUrl }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => {
      if (!('openapiObject' in document)) throw new Error('the API description is OpenAPI 3');
      return completeDescription(document.openapiObject as OpenAPIV3.Document);
    },
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
}

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 502 | 503;

/** One reusable answer per error status, each the error shape with what it means here. */
const ERROR_ANSWERS: Record<ErrorStatus, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description:
      'The input was refused (a field that fails its rule; a NUL byte, a lone surrogate or text over 8,192 ' +
      'characters anywhere in the address or body; a body nested too deep, too large or not JSON; an address or ' +
      'headers over 16 KB): `error` is a sentence to show, `fields` names each field with its own. Nothing was changed.',
  },
  401: {
    name: 'Unauthorized',
    description:
      'No live session (a missing, expired or revoked access token), or the credentials or tokens given are not valid.',
  },
  403: {
    name: 'Forbidden',
    description:
      'The demo account is read-only (`code` `demo_read_only`): the call would change it. Nothing was changed.',
  },
  404: {
    name: 'NotFound',
    description: "Not found, or not the caller's: another owner's id answers the same, so ids cannot be probed.",
  },
  409: {
    name: 'Conflict',
    description:
      'The state of things forbids it now (already done, or a connection it needs is missing): `error` says which.',
  },
  422: {
    name: 'UnprocessableEntity',
    description: "The provider it called refused it: `code` is the provider's own code, `error` its sentence.",
  },
  502: {
    name: 'BadGateway',
    description: 'The provider it called did not answer properly: try again shortly.',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Past an allowance: try again after the seconds of `Retry-After`.',
  },
  503: {
    name: 'ServiceUnavailable',
    description: 'Starting up, shutting down or without its database: try again after `Retry-After`.',
  },
};

const errorShape = (): OpenAPIV3.SchemaObject => {
  const { $schema: _, ...schema } = z.toJSONSchema(ApiErrorSchema, { target: 'openapi-3.0' }) as Record<
    string,
    unknown
  >;
  return schema as OpenAPIV3.SchemaObject;
};

const retryAfter: OpenAPIV3.HeaderObject = {
  description: 'Seconds to wait before trying again.',
  schema: { type: 'integer', minimum: 1 },
};

function errorResponses(): Record<string, OpenAPIV3.ResponseObject> {
  return Object.fromEntries(
    Object.entries(ERROR_ANSWERS).map(([status, { name, description }]) => [
      name,
      {
        description,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
        ...(status === '429' || status === '503' ? { headers: { 'Retry-After': retryAfter } } : {}),
      },
    ]),
  );
}

/** What a call answers when all is well, where that is not JSON: a redirect, or an image. */
function successOf(endpoint: Endpoint): Record<string, OpenAPIV3.ResponseObject> | null {
  if (endpoint.answer === 'redirect') {
    return {
      '303': {
        description: 'See Other: the page of the app to open next, in `Location`.',
        headers: { Location: { schema: { type: 'string' } } },
      },
    };
  }
  if (endpoint.answer === 'file') {
    return {
      '200': { description: 'The image.', content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } } },
    };
  }
  return null;
}

const byOperationId = new Map(ALL_ENDPOINTS.map((endpoint) => [endpoint.operationId, endpoint]));
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * Adds to each operation the error answers of its endpoint (errorAnswersOf in the contract) as references to one
 * answer per status, and the non-JSON success of a redirect or a file.
 */
export function completeDescription(doc: OpenAPIV3.Document): OpenAPIV3.Document {
  for (const item of Object.values(doc.paths)) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const endpoint = operation.operationId ? byOperationId.get(operation.operationId) : undefined;
      if (!endpoint)
        throw new Error(`${method.toUpperCase()} ${operation.operationId}: not an endpoint of the contract`);
      const success = successOf(endpoint);
      if (success) operation.responses = success;
      for (const status of errorAnswersOf(endpoint) as ErrorStatus[]) {
        operation.responses[status] = { $ref: `#/components/responses/${ERROR_ANSWERS[status].name}` };
      }
    }
  }
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, ApiError: errorShape() },
    responses: { ...doc.components?.responses, ...errorResponses() },
  };
  return doc;
}
