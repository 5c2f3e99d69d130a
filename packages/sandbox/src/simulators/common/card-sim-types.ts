import type { SimulatorControl, SimulatorOptions } from './simulator-harness-types';

/**
 * The Stripe and Square simulators take the same options and switches as the SumUp and GoCardless ones
 * (simulator-harness-types.ts), so the app wires all four the same way, plus OAuth client settings.
 */
export interface CardSimulatorOptions extends SimulatorOptions {
  /** OAuth client credentials the app uses; `control.credentials` shows the defaults. */
  clientId?: string;
  clientSecret?: string;
}

export interface CardSimulatorControl extends SimulatorControl {
  readonly credentials: { clientId: string; clientSecret: string };
  /** The salon seed behind a merchant id (acct_… or a Square merchant id), for tests to regenerate the data. */
  merchantSeed(merchantId: string): string | undefined;
}

export interface RunningCardSimulator {
  url: string;
  close(): Promise<void>;
  control: CardSimulatorControl;
}
