import type { SimulatorClock } from '../common/simulator-clock';
import type { SimulatorOptions } from '../common/simulator-harness-types';
import type { FraudFeedback } from './fraud-prevention/feedback';
import type { HmrcAuthState } from './hmrc-auth-state';
import type { ItsaTaxpayers } from './income-tax/itsa-taxpayers';
import type { SummariesStore } from './income-tax/summaries-store';
import type { Taxpayers } from './taxpayers';
import type { ReturnsStore } from './vat/returns-store';

/** One request to the simulator's APIs and its answer, for tests that check both against HMRC's description. */
export interface HmrcExchange {
  method: string;
  /** The path within the simulator (its mount prefix removed), query included. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  status: number;
  responseHeaders: Record<string, unknown>;
  response: unknown;
}

export interface HmrcSimulatorOptions extends SimulatorOptions {
  /** The application registered with the simulator (the app's HMRC client id and secret). */
  clientId?: string;
  clientSecret?: string;
  /**
   * 'enforce' (the default) refuses an API call whose fraud-prevention headers have an error, so a test fails on any
   * missing or malformed header; 'record' answers as HMRC's sandbox does and keeps the findings for the validation
   * feedback (docs/sandbox.md, "HMRC").
   */
  fraudHeaders?: 'enforce' | 'record';
  onExchange?: (exchange: HmrcExchange) => void;
}

export interface HmrcContext {
  options: HmrcSimulatorOptions;
  clientId: string;
  clientSecret: string;
  clock: SimulatorClock;
  auth: HmrcAuthState;
  taxpayers: Taxpayers;
  returns: ReturnsStore;
  /** Income Tax: the individuals signed up, and the cumulative summaries sent for their businesses. */
  itsa: ItsaTaxpayers;
  summaries: SummariesStore;
  feedback: FraudFeedback;
  /** Application tokens (client credentials) for the Test Fraud Prevention Headers API. */
  appTokens: Map<string, number>;
}

export const DEFAULT_HMRC_CLIENT_ID = 'brade-sandbox';
export const DEFAULT_HMRC_CLIENT_SECRET = 'brade-sandbox-secret';
