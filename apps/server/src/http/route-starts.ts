import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * What the web build wrote about starting each signed-in page (apps/web/early-start.mjs, dist/route-starts.json):
 * the early-start script, and per address the script chunks and stylesheets its route loads beyond the entry's.
 */
export interface RouteStarts {
  script: string;
  pages: Record<string, { scripts: string[]; styles: string[] }>;
}

/** Only the build's own files, on this origin: a path under /assets/ with nothing that could close the attribute. */
const ASSET = /^\/assets\/[\w.-]+\.(js|css)$/;

/** The build's route-starts.json, or null when the build has none (an older build: the pages start as before). */
export function readRouteStarts(webDist: string): RouteStarts | null {
  const file = path.join(webDist, 'route-starts.json');
  if (!existsSync(file)) return null;
  const starts = JSON.parse(readFileSync(file, 'utf8')) as RouteStarts;
  const files = [starts.script, ...Object.values(starts.pages).flatMap((p) => [...p.scripts, ...p.styles])];
  const bad = files.find((f) => !ASSET.test(f) || !existsSync(path.join(webDist, f)));
  if (bad !== undefined) throw new Error(`route-starts.json names ${bad}, which is not a file of the build`);
  return starts;
}

/**
 * The page's HTML with its start in <head>: the early-start script (asynchronous: it asks the page's first calls
 * while the rest loads) and a preload of each chunk and stylesheet the route needs, so they download beside the
 * entry rather than once it has run. The crossorigin modes are those the app's own loads use (Vite's preload
 * helper), so each preloaded file is fetched once.
 */
export function withRouteStart(html: string, script: string, files: { scripts: string[]; styles: string[] }): string {
  if (!html.includes('</head>')) throw new Error('index.html has no </head>');
  const preloads = [
    ...files.scripts.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`),
    ...files.styles.map((f) => `<link rel="preload" as="style" crossorigin href="${f}">`),
  ];
  // The script first in <head>, before the entry's: its calls wait for it alone.
  const start = `<script async fetchpriority="high" src="${script}"></script>`;
  const withScript = html.replace(/<script\b|<\/head>/, (tag) => `${start}\n    ${tag}`);
  return withScript.replace('</head>', () => `${preloads.join('\n    ')}\n  </head>`);
}

/** A page's HTML as sent: compressed once, at start (the server's own compression does not reach the fallback). */
export interface StartedPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/** Each signed-in address's HTML, built once from `indexHtml` (the page the server would otherwise send). */
export function routeStartPages(indexHtml: string, starts: RouteStarts | null): Map<string, StartedPage> {
  if (!starts) return new Map();
  return new Map(
    Object.entries(starts.pages).map(([page, files]) => {
      const html = withRouteStart(indexHtml, starts.script, files);
      const br = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      return [page, { html, br, gzip: gzipSync(html, { level: 9 }) }];
    }),
  );
}

/** Sends a started page in the best encoding the browser takes. */
export function sendStartedPage(request: FastifyRequest, reply: FastifyReply, page: StartedPage) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  if (!encoding) return reply.send(page.html);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? page.br : page.gzip);
}
