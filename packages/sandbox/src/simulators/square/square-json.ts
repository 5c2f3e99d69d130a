import type { FastifyReply } from 'fastify';

/**
 * Each object's JSON as UTF-8, made once per book: a page of a list is then its objects' bytes joined, not the same
 * payments and orders serialised and encoded again on every page of every import (the import bench runs the
 * simulator on the import's own thread, where that work would count as the import's). The bytes are JSON.stringify's.
 */
const encoded = new WeakMap<object, Buffer>();

function bytesOf(body: Record<string, unknown>): Buffer {
  let bytes = encoded.get(body);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(body));
    encoded.set(body, bytes);
  }
  return bytes;
}

const COMMA = Buffer.from(',');

/**
 * `{ [key]: bodies, ...rest }` as Square sends a page, the list left out when empty (as Square omits empty lists),
 * each body encoded once.
 */
export function sendListPage(
  reply: FastifyReply,
  key: string,
  bodies: readonly Record<string, unknown>[],
  rest: Record<string, unknown> = {},
): FastifyReply {
  const tail = JSON.stringify(rest).slice(1, -1);
  const parts: Buffer[] = [];
  if (bodies.length > 0) {
    parts.push(Buffer.from(`{${JSON.stringify(key)}:[`));
    bodies.forEach((body, i) => {
      if (i > 0) parts.push(COMMA);
      parts.push(bytesOf(body));
    });
    parts.push(Buffer.from(tail === '' ? ']}' : `],${tail}}`));
  } else {
    parts.push(Buffer.from(`{${tail}}`));
  }
  return reply.type('application/json; charset=utf-8').send(Buffer.concat(parts));
}
