export { merchantSeedFor } from '../common/card-sim-merchant-data';
export type { CardSimulatorControl, CardSimulatorOptions, RunningCardSimulator } from '../common/card-sim-types';
export { DEFAULT_SQUARE_CLIENT_ID, DEFAULT_SQUARE_CLIENT_SECRET } from './square-context';
export { type SquareSimulatorPlugin, squareSimulator, startSquareSimulator } from './square-simulator';
