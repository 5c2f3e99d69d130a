import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/** A route the app serves outside its API description. */
export interface UnlistedRoute {
  method: string;
  url: string;
}

/**
 * Registers routes that are not the product's API (the provider simulators, the dev mailbox): they stay out of the API
 * description at /api/docs, and each is recorded in `into`, so the tests that probe every route still find them.
 */
export async function registerUnlisted(
  app: FastifyInstance,
  plugin: FastifyPluginAsync,
  into: UnlistedRoute[],
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
      for (const method of [route.method].flat()) if (method !== 'HEAD') into.push({ method, url: route.url });
    });
    await scope.register(plugin);
  });
}
