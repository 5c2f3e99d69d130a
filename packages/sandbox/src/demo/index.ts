export { DEMO_HISTORY_MONTHS, DEMO_SALON } from './demo-salon';
export type {
  DemoBankOptions,
  DemoBankProvider,
  DemoCardConnection,
  DemoEndpoint,
  DemoSandbox,
} from './demo-simulators';
export { startDemoSimulators } from './demo-simulators';
