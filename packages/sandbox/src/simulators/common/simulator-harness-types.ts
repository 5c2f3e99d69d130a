import type { SalonLegalForm } from '../../salon-data/types';

/**
 * Options and test switches shared by the SumUp and GoCardless simulators (other simulators may reuse them).
 * `publicBaseUrl` is read per request, not at registration, so a standalone server can fill it in after it has
 * bound its port.
 */
export interface SimulatorOptions {
  /** Seed for generateSalonData: same seed, same salon. Default 'brade-demo'. */
  seed?: string;
  /** The simulator's "now" (default the wall clock); control.advanceClock adds an offset to it. */
  now?: () => Date;
  /** Where the simulator is reachable, including any mount prefix (for links and redirects it builds). */
  publicBaseUrl: string;
  /** Expose SimulatorControl over HTTP under /__control (tests and demos only). */
  controls?: boolean;
  /** Multiplies the salon's volume (generateSalonData's salesPerDayScale). Default 1. */
  salesPerDayScale?: number;
  /** How the salon's owner runs it (generateSalonData's legalForm): the bank statement pays them accordingly. */
  legalForm?: SalonLegalForm;
  /**
   * The redirect URIs registered for the app (the app mounts each simulator with PUBLIC_URL + /<provider>-redirect).
   * The consent pages send the browser back only to an exact match; with none registered they redirect nowhere,
   * as the real providers do (docs/security-decisions.md).
   */
  redirectUris?: readonly string[];
}

export interface InjectedFault {
  /** 429 answers carry Retry-After; 500 answers don't. */
  status: 429 | 500;
  /** How many of the next matching responses to replace. Default 1. */
  count?: number;
  /** Retry-After for 429s, in seconds. Default 1. */
  retryAfterSeconds?: number;
  /** Only requests whose path (after the mount prefix) starts with this. Default: every API request. */
  pathPrefix?: string;
}

/** Test-only switches. Every method also exists over HTTP (POST /__control/<kebab-name>) when `controls` is on. */
export interface SimulatorControl {
  injectFaults(fault: InjectedFault): void;
  /** Delay every API response by this many milliseconds (0 turns it off). */
  setLatency(ms: number): void;
  /** Make a token (access or refresh) unusable, as if the user or provider revoked it. */
  revokeToken(token: string): void;
  /** Make a token, or every token when none is given, expire now. */
  expireToken(token?: string): void;
  /** Expire a consent (GoCardless requisition/agreement id; SumUp: all grants), or every consent when none given. */
  expireConsent(id?: string): void;
  /** Move the simulator's clock forward (negative moves it back). */
  advanceClock(ms: number): void;
  /** Forget today's per-day call counts (GoCardless's 4-a-day account limits). */
  resetDailyCounters(): void;
  /** Back to a fresh simulator: tokens, consents, faults, latency, clock offset and counters. */
  reset(): void;
}

export interface RunningSimulator {
  url: string;
  close(): Promise<void>;
  control: SimulatorControl;
}

/**
 * Tokens fixed in advance for a connection made without the consent page: the demo's private simulators connect
 * its salon this way on every start, so the copies the app stored stay valid across restarts and instances.
 */
export interface FixedTokens {
  accessToken: string;
  refreshToken: string;
}
