import type { SimulatorClock } from '../common/card-sim-faults';
import type { MerchantDataCache } from '../common/card-sim-merchant-data';
import type { CardSimulatorOptions } from '../common/card-sim-types';
import type { SquareState } from './square-state';

export interface SquareContext {
  options: CardSimulatorOptions;
  state: SquareState;
  clock: SimulatorClock;
  data: MerchantDataCache;
  clientId: string;
  clientSecret: string;
  baseSeed: string;
}

export const DEFAULT_SQUARE_CLIENT_ID = 'sandbox-sq0idb-BradeSalonSandboxApp01';
export const DEFAULT_SQUARE_CLIENT_SECRET = 'sandbox-sq0csb-BradeSalonSandboxSecret0000000000001';
