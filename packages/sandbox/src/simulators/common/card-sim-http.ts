import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';

/**
 * Parses application/x-www-form-urlencoded bodies (Stripe's API, both consent forms) into a flat record, inside
 * the simulator's own encapsulated scope so the host app's parsers are untouched.
 */
export function addFormBodyParser(instance: FastifyInstance): void {
  instance.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      const record: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(body as string)) record[name] = value;
      done(null, record);
    },
  );
}

/** Reads one query or body field whatever the host's query parser did with `a[b]` (flat key or nested object). */
export function field(source: unknown, name: string, sub?: string): string | undefined {
  if (!source || typeof source !== 'object') return undefined;
  const record = source as Record<string, unknown>;
  if (sub === undefined) {
    const value = record[name];
    return typeof value === 'string' ? value : Array.isArray(value) ? String(value[0]) : undefined;
  }
  const flat = record[`${name}[${sub}]`];
  if (typeof flat === 'string') return flat;
  const nested = record[name];
  if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
    const value = (nested as Record<string, unknown>)[sub];
    return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

/**
 * Starts a simulator plugin alone on a loopback port. `publicBaseUrl` is known only after binding, so the plugin
 * factory receives a getter-backed options object.
 */
export async function listenOnLoopback(
  makePlugin: (publicBaseUrl: () => string) => FastifyPluginAsync,
): Promise<{ url: string; close(): Promise<void> }> {
  let url = 'http://127.0.0.1';
  const app = Fastify({ logger: false });
  await app.register(makePlugin(() => url));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address && typeof address === 'object') url = `http://127.0.0.1:${address.port}`;
  return { url, close: () => app.close() };
}
