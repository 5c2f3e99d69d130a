import type { SimulatorClock } from '../common/simulator-clock';
import type { SimulatorOptions } from '../common/simulator-harness-types';
import type { SumupMerchant } from './merchant-profile';
import type { SumupAuthState } from './sumup-state';

/** What the SumUp route modules share: options, clock, OAuth state and the merchant. */
export interface SumupContext {
  options: SimulatorOptions;
  seed: string;
  scale: number;
  clock: SimulatorClock;
  auth: SumupAuthState;
  merchant: SumupMerchant;
}
