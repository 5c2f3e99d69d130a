export type {
  InjectedFault,
  RunningSimulator,
  SimulatorControl,
  SimulatorOptions,
} from '../common/simulator-harness-types';
export { sumupMerchant } from './merchant-profile';
export { createSumupSimulator, startSumupSimulator, sumupSimulator } from './sumup-simulator';
