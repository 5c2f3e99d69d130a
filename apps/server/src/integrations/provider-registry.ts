import type { Config, ProviderEndpoint } from '../config.js';
import type { Processor } from '../ledger/classify.js';
import type { CardProviderAdapter } from './card-providers/card-provider.js';
import { createSquareAdapter } from './card-providers/square/square-adapter.js';
import { createStripeAdapter } from './card-providers/stripe/stripe-adapter.js';
import { createSumupAdapter } from './card-providers/sumup/sumup-adapter.js';
import { openBankingProvider } from './open-banking/index.js';
import type { OpenBankingProvider } from './open-banking/open-banking-provider.js';
import type { RetryPolicy } from './provider-http.js';
import type { ConnectionProvider } from './tables.js';

/** The providers this instance can talk to (real or sandbox), or null where none is configured. */
export interface IntegrationProviders {
  card(provider: Processor): CardProviderAdapter | null;
  bank: OpenBankingProvider | null;
  /** True when the provider is the local simulator (the UI's "Sandbox" badge). */
  isSandbox(provider: ConnectionProvider): boolean;
}

export function providersFromConfig(config: Config, retry?: Partial<RetryPolicy>): IntegrationProviders {
  const { providers } = config;
  const build = <T>(endpoint: ProviderEndpoint | null, make: (e: ProviderEndpoint) => T): T | null =>
    endpoint ? make(endpoint) : null;
  const cards: Record<Processor, CardProviderAdapter | null> = {
    stripe: build(providers.stripe, (e) => createStripeAdapter(e, { retry })),
    square: build(providers.square, (e) => createSquareAdapter(e, { retry })),
    sumup: build(providers.sumup, (e) => createSumupAdapter(e, { retry })),
  };
  return {
    card: (provider) => cards[provider],
    bank: openBankingProvider(config, { retry }),
    isSandbox: (provider) => (provider === 'bank' ? providers.gocardless : providers[provider])?.sandbox ?? false,
  };
}
