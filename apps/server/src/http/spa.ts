import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA: hashed assets cached for a year, and index.html (never cached) for every other
 * GET that is not an API or dev path, so deep links and reloads land on the right screen.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ webDist }, 'web build not found: the SPA is not served (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage =
      request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/dev/') && !path.extname(url);
    if (!isPage) {
      return reply.status(404).send({ error: `No route for ${request.method} ${url}.`, code: 'not_found' });
    }
    // The reset page carries tokens in its hash: it must not leak the address to anything it loads.
    if (url === '/set-new-password') reply.header('referrer-policy', 'no-referrer');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
