/**
 * How long the tests wait, per project, in one place (README, "Tests on a busy machine"). The suite runs two files at
 * a time on two cores, often beside other work, so a limit is a ceiling for something stuck, never a measure of
 * speed: every wait in a test waits for a condition and gives up only after `wait`, every test and hook only after
 * `test` and `hook`. A speed that matters is a bench (bench/), printed as figures, never asserted.
 */
export const TEST_LIMITS = {
  /** Pure functions and adapters against in-process simulators. */
  unit: { test: 60_000, hook: 60_000, wait: 30_000 },
  /** Screens rendered in jsdom: Testing Library's `findBy…`/`waitFor` and `expect.poll` wait this long. */
  web: { test: 60_000, hook: 60_000, wait: 15_000 },
  /**
   * The API over real HTTP on PGlite or PostgreSQL: `wait` for a sync status, an outbox row, an SMTP delivery;
   * `background` for the demo salon's whole history to import.
   */
  api: { test: 300_000, hook: 300_000, wait: 60_000, background: 240_000 },
  /**
   * Browser journeys against the built app: `wait` for Playwright's waits, `expect.poll` and the outbox;
   * `background` for an app to start and for imports to finish.
   */
  e2e: { test: 900_000, hook: 600_000, wait: 60_000, background: 240_000 },
} as const;

/** Test files run two at a time: the machines have two cores (README, "Tests on a busy machine"). */
export const TEST_WORKERS = 2;
