import type { Logger } from 'pino';

interface Sweep {
  everyMs: number;
  run: () => Promise<unknown>;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
}

/**
 * The one mechanism for recurring work (docs/architecture.md, "Recurring and after-commit work"): each sweep is a
 * named function run at start and then every `everyMs` in every app instance. A sweep must be safe to run in
 * several instances at once (each claims its rows with one UPDATE or INSERT … ON CONFLICT) and cheap when
 * nothing is due. A run never overlaps the previous one of the same sweep; a failure is logged, and the next
 * tick tries again. jobs/recurring-work.ts lists every sweep the app has.
 */
export class Sweeps {
  private readonly sweeps = new Map<string, Sweep>();
  private started = false;

  constructor(private readonly log: Logger) {}

  add(name: string, everyMs: number, run: () => Promise<unknown>): void {
    if (this.sweeps.has(name)) throw new Error(`sweep ${name} is already registered`);
    this.sweeps.set(name, { everyMs, run });
  }

  names(): string[] {
    return [...this.sweeps.keys()];
  }

  everyMs(name: string): number {
    return this.sweep(name).everyMs;
  }

  /** Runs every sweep now, then on its cadence. Timers do not keep the process alive. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const [name, sweep] of this.sweeps) {
      void this.run(name);
      sweep.timer = setInterval(() => void this.run(name), sweep.everyMs);
      sweep.timer.unref();
    }
  }

  /** Runs one sweep now (tests trigger sweeps this way); a run already under way is shared, not repeated. */
  run(name: string): Promise<void> {
    const sweep = this.sweep(name);
    sweep.running ??= sweep
      .run()
      .then(() => {})
      .catch((err) => this.log.error({ err, sweep: name }, 'sweep failed'))
      .finally(() => {
        sweep.running = undefined;
      });
    return sweep.running;
  }

  /** Stops the timers and waits for the runs under way. */
  async stop(): Promise<void> {
    this.started = false;
    for (const sweep of this.sweeps.values()) clearInterval(sweep.timer);
    await Promise.all([...this.sweeps.values()].map((sweep) => sweep.running));
  }

  private sweep(name: string): Sweep {
    const sweep = this.sweeps.get(name);
    if (!sweep) throw new Error(`no sweep named ${name}`);
    return sweep;
  }
}
