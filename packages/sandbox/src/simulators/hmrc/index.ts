export type { RunningSimulator, SimulatorControl } from '../common/simulator-harness-types';
export { type ValidationAnswer, validationAnswer } from './fraud-prevention/feedback';
export { checkFraudPreventionHeaders, type Finding, REQUIRED_HEADERS } from './fraud-prevention/header-rules';
export { isPublicIp } from './fraud-prevention/public-ip';
export { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_MS } from './hmrc-auth-state';
export {
  DEFAULT_HMRC_CLIENT_ID,
  DEFAULT_HMRC_CLIENT_SECRET,
  type HmrcExchange,
  type HmrcSimulatorOptions,
} from './hmrc-context';
export { createHmrcSimulator, hmrcSimulator, startHmrcSimulator } from './hmrc-simulator';
export { VAT_PERIOD_CHOICES, type VatPeriods } from './taxpayers';
