import type { SimulatorClock } from '../common/card-sim-faults';
import type { MerchantDataCache } from '../common/card-sim-merchant-data';
import type { CardSimulatorOptions } from '../common/card-sim-types';
import type { StripeState } from './stripe-state';

/** Everything a Stripe route needs, created once per simulator instance. */
export interface StripeContext {
  options: CardSimulatorOptions;
  state: StripeState;
  clock: SimulatorClock;
  data: MerchantDataCache;
  clientId: string;
  /** The platform's secret key: authenticates OAuth token calls and, with Stripe-Account, API calls. */
  secretKey: string;
  baseSeed: string;
}

export const DEFAULT_STRIPE_CLIENT_ID = 'ca_SandboxBradeSalonPlatform01';
export const DEFAULT_STRIPE_SECRET_KEY = 'sk_test_SandboxBradePlatformSecretKey0000000001';
export const DEFAULT_SEED = 'brade-demo';
