import { ERROR_CODES } from '@brade/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error.js';

export const NUL_MESSAGE = 'Text must not contain NUL characters.';
const MAX_DEPTH = 32;

/** The dotted path of the first string (value or key) holding a NUL character, or null. */
export function firstNulPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH || Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return here;
    const found = firstNulPath(inner, here, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold NUL: left alone, such a value reaches a query and fails there as a 500. Every
 * request is refused with a 400 before validation when its body, query or path holds one.
 */
export function rejectNulBytes(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const where = firstNulPath(request.params, '') ?? firstNulPath(request.query, '') ?? firstNulPath(request.body, '');
    if (where) throw new HttpError(400, ERROR_CODES.validation, NUL_MESSAGE, { [where]: NUL_MESSAGE });
  });
}
