import type { Logger } from 'pino';

/**
 * Work an answer must not wait for. Sign-up, code resends and reset requests answer before they look the
 * address up, so neither the answer nor its timing tells whether an account exists (docs/security-decisions.md).
 * Shutdown and tests wait for it with idle().
 */
export class AfterReply {
  private readonly pending = new Set<Promise<void>>();
  private gate: Promise<void> = Promise.resolve();

  constructor(private readonly log: Logger) {}

  run(label: string, work: () => Promise<void>): void {
    const done = this.gate
      .then(work)
      .catch((err: unknown) => this.log.error({ err }, `${label} failed`))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  /** Resolves once every piece of work started so far (and any it started) has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Tests: keeps new work waiting until the returned release is called, proving no answer waited for it. */
  hold(): () => void {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.gate = Promise.all([this.gate, held]).then(() => undefined);
    return release;
  }
}
