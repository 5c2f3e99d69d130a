/** At most one write in flight; its failure is kept (never an unhandled rejection) until the run asks for it. */
export class SequentialWrites {
  private inFlight: Promise<void> | null = null;
  private failure: { error: unknown } | null = null;

  start(write: () => Promise<unknown>): void {
    this.inFlight = write().then(
      () => {
        this.inFlight = null;
      },
      (error: unknown) => {
        this.inFlight = null;
        this.failure = { error };
      },
    );
  }

  /** Resolves once no write is in flight; throws the failure of the last one, if it failed. */
  async settled(): Promise<void> {
    if (this.inFlight) await this.inFlight;
    this.throwIfFailed();
  }

  throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}
