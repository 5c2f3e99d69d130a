/** The injectable clock plus the offset tests move with control.advanceClock. */
export class SimulatorClock {
  private offsetMs = 0;

  constructor(private readonly source: () => Date = () => new Date()) {}

  now(): Date {
    return new Date(this.source().getTime() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
