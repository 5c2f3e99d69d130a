import Fastify, { type FastifyPluginAsync } from 'fastify';
import type { RunningSimulator, SimulatorControl, SimulatorOptions } from './simulator-harness-types';

/**
 * Starts a simulator plugin alone on 127.0.0.1 with a free port. The plugin reads `publicBaseUrl` per request, so the
 * options object passed to it learns the URL once the port is bound. The returned `control` always works in-process;
 * the HTTP control surface still needs `controls: true`.
 */
export async function startOnLoopback(
  options: Partial<SimulatorOptions>,
  build: (options: SimulatorOptions) => { plugin: FastifyPluginAsync; control: SimulatorControl },
): Promise<RunningSimulator> {
  const resolved: SimulatorOptions = { ...options, publicBaseUrl: options.publicBaseUrl ?? '' };
  const { plugin, control } = build(resolved);
  const app = Fastify({ logger: false });
  await app.register(plugin);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const url = address.replace('[::1]', '127.0.0.1');
  if (!options.publicBaseUrl) resolved.publicBaseUrl = url;
  return { url, control, close: () => app.close() };
}
