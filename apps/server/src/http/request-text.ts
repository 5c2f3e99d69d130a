import { ERROR_CODES } from '@brade/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';

export const NUL_MESSAGE = 'Text must not contain NUL characters.';
export const SURROGATE_MESSAGE = 'Text must be valid Unicode: it holds half of a character (a lone surrogate).';
export const ESCAPE_MESSAGE = 'The address holds a %-escape that is not valid UTF-8 text.';
/** Longer than any text the contract takes (its longest is 4,096), and far below the 1 MB body limit. */
export const MAX_TEXT_CHARS = 8192;
export const TOO_LONG_MESSAGE = `Text must be at most ${MAX_TEXT_CHARS.toLocaleString('en-GB')} characters.`;
/** No body of the contract is nested more than a few levels; a deeper one is an attack on whoever walks it. */
export const MAX_DEPTH = 16;
export const TOO_DEEP_MESSAGE = `The request body must not be nested more than ${MAX_DEPTH} levels deep.`;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a piece of text cannot be taken, or null: what it holds ('characters': a NUL, a lone surrogate), or its
 * length ('length').
 */
function textFault(text: string, check: TextCheck): string | null {
  if (check === 'length') return text.length > MAX_TEXT_CHARS ? TOO_LONG_MESSAGE : null;
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

type TextCheck = 'characters' | 'length';

export interface TextFault {
  /** The dotted path of the field (a key names itself), 'body' for the body as a whole. */
  path: string;
  message: string;
}

/**
 * The first string (value or key) that cannot be taken, or a nesting deeper than MAX_DEPTH. The walk stops at that
 * depth, so no body can make it recurse further.
 */
export function firstTextFault(
  value: unknown,
  check: TextCheck = 'characters',
  path = '',
  depth = 0,
): TextFault | null {
  if (typeof value === 'string') {
    const message = textFault(value, check);
    return message ? { path: path || 'body', message } : null;
  }
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return null;
  if (depth >= MAX_DEPTH) return { path: path || 'body', message: TOO_DEEP_MESSAGE };
  for (const [key, inner] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    const keyMessage = textFault(key, check);
    if (keyMessage) return { path: here.slice(0, 200), message: keyMessage };
    const found = firstTextFault(inner, check, here, depth + 1);
    if (found) return found;
  }
  return null;
}

const inRequest = (request: FastifyRequest, check: TextCheck) =>
  firstTextFault(request.params, check) ?? firstTextFault(request.query, check) ?? firstTextFault(request.body, check);

declare module 'fastify' {
  interface FastifyRequest {
    /** Text over MAX_TEXT_CHARS the request arrived with, refused once its schema has had its say. */
    overLongText?: TextFault;
  }
}

/**
 * The query string's %-escapes must each decode to UTF-8 text: the parser otherwise keeps a broken one as it is
 * (`%ED%A0%BD`, a lone surrogate's bytes) and a handler would read it as ordinary characters.
 */
export function hasBrokenEscape(url: string): boolean {
  const query = url.indexOf('?');
  if (query < 0) return false;
  for (const part of url.slice(query + 1).split('&')) {
    try {
      decodeURIComponent(part.replaceAll('+', ' '));
    } catch {
      return true;
    }
  }
  return false;
}

const refuse = (fault: TextFault) =>
  new HttpError(400, ERROR_CODES.validation, fault.message, { [fault.path]: fault.message });

/**
 * One check of all request text, for every route (docs/security-decisions.md, "Input"). Before validation: a NUL
 * character (PostgreSQL text cannot hold it; it used to reach a query and fail as a 500), a lone surrogate (not text:
 * PostgreSQL's UTF-8 cannot hold it either, and the driver would quietly store U+FFFD instead) and a body nested past
 * MAX_DEPTH are refused with a 400 in the API's error shape. Text over MAX_TEXT_CHARS is refused after validation, so
 * a field with a shorter limit of its own says so in its own words, and before the handler, so text no schema limits
 * (a field left unbounded, a key the schema drops) is refused all the same. The path's own broken escapes are the
 * router's (http/client-errors.ts). Headers cannot carry either character: Node's parser refuses a NUL, and reads
 * header bytes as Latin-1, which has no surrogates.
 */
export function refuseBadText(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (hasBrokenEscape(request.url)) throw refuse({ path: 'query', message: ESCAPE_MESSAGE });
  });
  app.addHook('preValidation', async (request) => {
    const fault = inRequest(request, 'characters');
    if (fault) throw refuse(fault);
    const overLong = inRequest(request, 'length');
    if (overLong) request.overLongText = overLong;
  });
  app.addHook('preHandler', async (request) => {
    if (request.overLongText) throw refuse(request.overLongText);
  });
}
