export type { InjectedFault, RunningSimulator } from '../common/simulator-harness-types';
export { MAX_JWT_SECONDS } from './application-jwt';
export { allAspsps, MAXIMUM_CONSENT_VALIDITY } from './aspsps';
export type { EnableBankingSimulatorOptions } from './enable-banking-context';
export {
  createEnableBankingSimulator,
  type EnableBankingControl,
  enableBankingSimulator,
  startEnableBankingSimulator,
} from './enable-banking-simulator';
export { CODE_SECONDS } from './enable-banking-state';
export type { RegisteredApplication } from './sandbox-application';
