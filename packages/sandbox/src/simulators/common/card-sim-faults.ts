import type { InjectedFault } from './simulator-harness-types';

interface PendingFault {
  status: 429 | 500;
  remaining: number;
  retryAfterSeconds: number;
  pathPrefix: string;
}

/**
 * Test switches that make the next responses fail or slow down, so the app's retry and backoff code can be
 * exercised against the same server it uses in development.
 */
export class FaultInjector {
  private pending: PendingFault[] = [];
  private latencyMs = 0;

  inject(fault: InjectedFault): void {
    this.pending.push({
      status: fault.status,
      remaining: fault.count ?? 1,
      retryAfterSeconds: fault.retryAfterSeconds ?? 1,
      pathPrefix: fault.pathPrefix ?? '',
    });
  }

  setLatency(ms: number): void {
    this.latencyMs = Math.max(0, ms);
  }

  /** Takes one use of the first fault whose prefix matches the path, if any. */
  take(path: string): { status: 429 | 500; retryAfterSeconds: number } | undefined {
    const fault = this.pending.find((candidate) => path.startsWith(candidate.pathPrefix));
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.pending = this.pending.filter((candidate) => candidate !== fault);
    return { status: fault.status, retryAfterSeconds: fault.retryAfterSeconds };
  }

  async delay(): Promise<void> {
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
  }

  reset(): void {
    this.pending = [];
    this.latencyMs = 0;
  }
}

/** The simulator's clock: the injected `now` plus an offset tests can move. */
export class SimulatorClock {
  private offsetMs = 0;
  constructor(private readonly base: () => Date = () => new Date()) {}
  now(): Date {
    return new Date(this.base().getTime() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  reset(): void {
    this.offsetMs = 0;
  }
}
