import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InjectedFault } from './simulator-harness-types';

interface PendingFault {
  status: 429 | 500;
  remaining: number;
  retryAfterSeconds: number;
  pathPrefix: string;
}

/** Renders an injected failure in the provider's own error shape. */
export type FaultBody = (status: 429 | 500) => unknown;

/**
 * Queued failures and added latency, applied by an onRequest hook on the simulator's API routes. Faults are consumed
 * first-come in the order they were queued, so tests can script "two 429s, then a 500".
 */
export class FaultInjector {
  private faults: PendingFault[] = [];
  private latencyMs = 0;

  inject(fault: InjectedFault): void {
    this.faults.push({
      status: fault.status,
      remaining: Math.max(1, Math.floor(fault.count ?? 1)),
      retryAfterSeconds: fault.retryAfterSeconds ?? 1,
      pathPrefix: fault.pathPrefix ?? '',
    });
  }

  setLatency(ms: number): void {
    this.latencyMs = Math.max(0, ms);
  }

  reset(): void {
    this.faults = [];
    this.latencyMs = 0;
  }

  /** Installs the hook on `fastify` (an encapsulated plugin scope); `skip` exempts paths such as /__control. */
  install(fastify: FastifyInstance, body: FaultBody, skip: (path: string) => boolean): void {
    fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const path = pathWithinPlugin(request, fastify.prefix);
      if (skip(path)) return;
      if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
      const fault = this.faults.find((f) => path.startsWith(f.pathPrefix));
      if (!fault) return;
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
      if (fault.status === 429) reply.header('retry-after', String(fault.retryAfterSeconds));
      return reply.code(fault.status).send(body(fault.status));
    });
  }
}

/** The request path without the query and without the prefix the plugin is mounted under. */
export function pathWithinPlugin(request: FastifyRequest, prefix: string): string {
  const path = request.url.split('?')[0] ?? '';
  return prefix && path.startsWith(prefix) ? path.slice(prefix.length) || '/' : path;
}
