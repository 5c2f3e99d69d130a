export type {
  InjectedFault,
  RunningSimulator,
  SimulatorControl,
  SimulatorOptions,
} from '../common/simulator-harness-types';
export { DAILY_SUCCESS_LIMIT } from './daily-account-quota';
export { createGoCardlessSimulator, gocardlessSimulator, startGocardlessSimulator } from './gocardless-simulator';
export { ukInstitutions } from './institutions';
