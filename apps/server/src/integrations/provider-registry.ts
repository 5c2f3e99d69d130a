import type { Processor } from '../ledger/classify.js';
import type { CardProviderAdapter } from './card-providers/card-provider.js';
import { createSquareAdapter } from './card-providers/square/square-adapter.js';
import { createStripeAdapter } from './card-providers/stripe/stripe-adapter.js';
import { createSumupAdapter } from './card-providers/sumup/sumup-adapter.js';
import { type OpenBankingProviders, openBankingProviders } from './open-banking/index.js';
import type { OpenBankingProvider, OpenBankingProviderId } from './open-banking/open-banking-provider.js';
import type { ProviderEndpoint, ProvidersConfig } from './provider-endpoint.js';
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

export function providersFromConfig(config: ProvidersConfig, retry?: Partial<RetryPolicy>): IntegrationProviders {
  return providersAt(config.providers, openBankingProviders(config, { retry }), retry);
}

/** Adapters for a set of card endpoints and banks (the configured providers, or the demo's private simulators). */
export function providersAt(
  endpoints: Record<Processor, ProviderEndpoint | null>,
  banks: OpenBankingProviders,
  retry?: Partial<RetryPolicy>,
): IntegrationProviders {
  const build = <T>(endpoint: ProviderEndpoint | null, make: (e: ProviderEndpoint) => T): T | null =>
    endpoint ? make(endpoint) : null;
  const cards: Record<Processor, CardProviderAdapter | null> = {
    stripe: build(endpoints.stripe, (e) => createStripeAdapter(e, { retry })),
    square: build(endpoints.square, (e) => createSquareAdapter(e, { retry })),
    sumup: build(endpoints.sumup, (e) => createSumupAdapter(e, { retry })),
  };
  return {
    card: (provider) => cards[provider],
    bank: banks.forNewLinks,
    bankById: banks.byId,
    isSandbox: (provider) => endpoints[provider]?.sandbox ?? false,
  };
}
