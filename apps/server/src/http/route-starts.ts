import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How the web build starts the signed-in pages (apps/web/early-start.mjs, dist/route-starts.json): the page it wrote
 * for them (the splash drawn, a start script that asks the page's first calls and preloads its route's chunks) and
 * the addresses it is for.
 */
export interface RouteStarts {
  page: string;
  addresses: string[];
}

/** A page's HTML as sent: compressed once, at start (the server's own compression does not reach the fallback). */
export interface StartedPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The page to send for each signed-in address, made once at start from the build's file (`withPage` adds what the
 * server adds to every page, the demo account's marker); none when the build wrote no route-starts.json. A list
 * naming anything but an HTML file of the build, or a signed-in address, stops the server.
 */
export function routeStartPages(webDist: string, withPage: (html: string) => string): Map<string, StartedPage> {
  const list = path.join(webDist, 'route-starts.json');
  if (!existsSync(list)) return new Map();
  const starts = JSON.parse(readFileSync(list, 'utf8')) as RouteStarts;
  const file = path.join(webDist, starts.page);
  if (!/^[\w-]+\.html$/.test(starts.page) || !existsSync(file)) {
    throw new Error(`route-starts.json names ${starts.page}, which is not a page of the build`);
  }
  const bad = starts.addresses.find((address) => !/^\/main-menu\/[\w/-]+$/.test(address));
  if (bad !== undefined) throw new Error(`route-starts.json lists ${bad}, which is not a signed-in address`);
  const html = withPage(readFileSync(file, 'utf8'));
  const page: StartedPage = {
    html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
  return new Map(starts.addresses.map((address) => [address, page]));
}

/** Sends a started page in the best encoding the browser takes. */
export function sendStartedPage(request: FastifyRequest, reply: FastifyReply, page: StartedPage) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  if (!encoding) return reply.send(page.html);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? page.br : page.gzip);
}
