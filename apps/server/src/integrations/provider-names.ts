import type { ConnectionProvider } from './tables.js';

/** How the owner reads each provider's name in messages. */
export const PROVIDER_NAMES: Record<ConnectionProvider, string> = {
  stripe: 'Stripe',
  square: 'Square',
  sumup: 'SumUp',
  bank: 'Your bank',
};
