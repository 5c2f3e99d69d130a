import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CONNECTABLE_PROCESSORS, returnPageOf } from '@brade/contract';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { canonicalPageUrl } from './canonical-origin.js';
import type { PageFallback } from './error-handler.js';
import { routeStartPages, sendStartedPage } from './route-starts.js';

/**
 * Pages whose address carries a secret, sent with no referrer at all, so nothing they load can read it: the reset page
 * (tokens in its hash) and the providers' return pages (`code` and `state` in the query).
 */
const NO_REFERRER_PAGES = new Set<string>(['/set-new-password', ...CONNECTABLE_PROCESSORS.map(returnPageOf)]);

/**
 * Serves the built SPA's files (hashed assets cached for a year) and returns the fallback that answers
 * index.html (never cached) for page paths, so deep links and reloads land on the right screen.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  options: { demoAccount: boolean; publicUrl: string },
): Promise<PageFallback | null> {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ webDist }, 'web build not found: the SPA is not served (run npm run build)');
    return null;
  }
  // Only the SPA's files are compressed: API JSON stays uncompressed, so no secret in a response can leak through
  // its compressed length (BREACH).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^(text\/(html|css|javascript)|application\/javascript|image\/svg\+xml)/,
  });
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes a brotli and a gzip copy beside each file (apps/web/vite.config.ts): sent as they are,
    // smaller than compressing per request and free of its CPU; a file without one is compressed as above.
    preCompressed: true,
    setHeaders(res, filePath) {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // Without the demo account, the page says so before any script runs, so the sign-in screen never offers it.
  const pageWithoutDemo = options.demoAccount ? null : withoutDemoAccount(readFileSync(index, 'utf8'));
  // Pages the build rendered ahead (apps/web/prerender.mjs): sent instead of the empty index.html, so the screen
  // paints before the script loads. They offer the demo account, so without it the empty page is sent.
  const prerendered = options.demoAccount ? prerenderedPages(webDist) : new Map<string, string>();
  // Signed-in pages (apps/web/early-start.mjs): the splash drawn, and a start script that asks the page's first
  // calls and preloads its route's chunks beside the entry, so neither waits for the entry to run.
  const started = routeStartPages(webDist, options.demoAccount ? (html) => html : withoutDemoAccount);
  return (request, reply) => {
    // A page opened on another address (127.0.0.1 for localhost) would keep its own storage and send the
    // providers' pop-ups back to PUBLIC_URL, where nothing was stored: it moves there before anything is stored.
    const canonical = canonicalPageUrl(request.host, request.url, options.publicUrl);
    if (canonical) return reply.redirect(canonical, 302);
    const page = request.url.split('?')[0]!;
    if (NO_REFERRER_PAGES.has(page)) reply.header('referrer-policy', 'no-referrer');
    reply.header('cache-control', 'no-cache');
    const start = prerendered.has(page) ? undefined : started.get(page);
    if (start) return sendStartedPage(request, reply, start);
    return pageWithoutDemo
      ? reply.type('text/html; charset=utf-8').send(pageWithoutDemo)
      : reply.sendFile(prerendered.get(page) ?? 'index.html');
  };
}

/** The build's list of rendered pages (path → file), those whose file is there. */
function prerenderedPages(webDist: string): Map<string, string> {
  const list = path.join(webDist, 'prerendered.json');
  if (!existsSync(list)) return new Map();
  const pages = JSON.parse(readFileSync(list, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(pages).filter(([, file]) => existsSync(path.join(webDist, path.basename(file)))));
}

/** The marker the web app reads (apps/web/src/features/auth/demo-account-offer.ts). */
export const DEMO_ACCOUNT_OFF_META = '<meta name="brade-demo-account" content="off">';

export function withoutDemoAccount(indexHtml: string): string {
  return indexHtml.replace('</head>', `${DEMO_ACCOUNT_OFF_META}</head>`);
}
