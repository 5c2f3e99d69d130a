import type { EnableBankingEndpoint, ProviderEndpoint, ProvidersConfig } from '../provider-endpoint.js';
import type { RetryPolicy } from '../provider-http.js';
import { createEnableBankingProvider } from './enable-banking/enable-banking-provider.js';
import { createGoCardlessProvider } from './gocardless/gocardless-provider.js';
import type { OpenBankingProvider, OpenBankingProviderId } from './open-banking-provider.js';

export type {
  Bank,
  BankAccountRef,
  BankBalance,
  BankTransactions,
  CompletedLink,
  LinkStatus,
  OpenBankingProvider,
  OpenBankingProviderId,
  StartedLink,
} from './open-banking-provider.js';

export interface OpenBankingProviders {
  /** The provider new bank links go through (config.providers.bankForNewLinks), or null when there is none. */
  forNewLinks: OpenBankingProvider | null;
  /** A connection's own provider: existing connections keep theirs while it is configured. */
  byId(id: OpenBankingProviderId): OpenBankingProvider | null;
}

/**
 * The open-banking providers this server can talk to (docs/open-banking.md): Enable Banking and GoCardless, each real
 * (with its keys) or its local simulator (sandbox mode). GoCardless's sandbox bank is listed first against its
 * simulator and, with real credentials, on any server that is not production (developers test the real flow with
 * it; salon owners never see it).
 */
export function openBankingProviders(
  config: ProvidersConfig,
  options: { retry?: Partial<RetryPolicy>; now?: () => Date } = {},
): OpenBankingProviders {
  const { gocardless, enableBanking, bankForNewLinks } = config.providers;
  const providers: Record<OpenBankingProviderId, OpenBankingProvider | null> = {
    gocardless: gocardless
      ? createGoCardlessProvider(gocardless, {
          ...options,
          listSandboxBank: gocardless.sandbox || config.env !== 'production',
        })
      : null,
    enable_banking: enableBanking ? createEnableBankingProvider(enableBanking, options) : null,
  };
  return {
    forNewLinks: bankForNewLinks ? providers[bankForNewLinks] : null,
    byId: (id) => providers[id] ?? null,
  };
}

/** Where one open-banking provider answers: GoCardless's client credentials or Enable Banking's application. */
export type OpenBankingEndpoint =
  | { id: 'gocardless'; endpoint: ProviderEndpoint }
  | { id: 'enable_banking'; endpoint: EnableBankingEndpoint };

/**
 * One provider at an explicit endpoint (the demo's private bank simulator), as the facade's pair: it takes new
 * links and serves the connections made with it.
 */
export function openBankingProvidersAt(
  at: OpenBankingEndpoint,
  options: { retry?: Partial<RetryPolicy>; now?: () => Date } = {},
): OpenBankingProviders {
  const provider =
    at.id === 'gocardless'
      ? createGoCardlessProvider(at.endpoint, { ...options, listSandboxBank: true })
      : createEnableBankingProvider(at.endpoint, options);
  return { forNewLinks: provider, byId: (wanted) => (wanted === at.id ? provider : null) };
}
