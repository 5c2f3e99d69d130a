export { merchantSeedFor } from '../common/card-sim-merchant-data';
export type { CardSimulatorControl, CardSimulatorOptions, RunningCardSimulator } from '../common/card-sim-types';
export { DEFAULT_STRIPE_CLIENT_ID, DEFAULT_STRIPE_SECRET_KEY } from './stripe-context';
export { stripePayoutCreatedAt } from './stripe-objects';
export { type StripeSimulatorPlugin, startStripeSimulator, stripeSimulator } from './stripe-simulator';
