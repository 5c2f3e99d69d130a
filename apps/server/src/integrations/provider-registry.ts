import type { Config, ProviderEndpoint } from '../config.js';
import type { Processor } from '../ledger/classify.js';
import type { CardProviderAdapter } from './card-providers/card-provider.js';
import { createSquareAdapter } from './card-providers/square/square-adapter.js';
import { createStripeAdapter } from './card-providers/stripe/stripe-adapter.js';
import { createSumupAdapter } from './card-providers/sumup/sumup-adapter.js';
import { openBankingProviders } from './open-banking/index.js';
import type { OpenBankingProvider, OpenBankingProviderId } from './open-banking/open-banking-provider.js';
import type { RetryPolicy } from './provider-http.js';

/** The providers this instance can talk to (real or sandbox), or null where none is configured. */
export interface IntegrationProviders {
  card(provider: Processor): CardProviderAdapter | null;
  /** The open-banking provider new bank links go through. */
  bank: OpenBankingProvider | null;
  /** A bank connection's own provider (it keeps the one it was made with), or null when no longer configured. */
  bankById(id: OpenBankingProviderId): OpenBankingProvider | null;
  /** True when the card provider is the local simulator (the UI's "Sandbox" badge); banks say it themselves. */
  isSandbox(provider: Processor): boolean;
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
  const banks = openBankingProviders(config, { retry });
  return {
    card: (provider) => cards[provider],
    bank: banks.forNewLinks,
    bankById: banks.byId,
    isSandbox: (provider) => providers[provider]?.sandbox ?? false,
  };
}
