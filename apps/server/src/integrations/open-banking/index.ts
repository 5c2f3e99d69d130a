import type { Config } from '../../config.js';
import type { RetryPolicy } from '../provider-http.js';
import { createGoCardlessProvider } from './gocardless/gocardless-provider.js';
import type { OpenBankingProvider } from './open-banking-provider.js';

export type {
  Bank,
  BankLink,
  BankTransactions,
  LinkState,
  LinkStatus,
  OpenBankingProvider,
} from './open-banking-provider.js';

/**
 * The open-banking provider this server is configured for: GoCardless (real or the local simulator), or null when
 * neither is available. The sandbox bank is listed first against the simulator and, with real credentials, on any
 * server that is not production (developers test the real flow with it; salon owners never see it).
 */
export function openBankingProvider(
  config: Config,
  options: { retry?: Partial<RetryPolicy>; now?: () => Date } = {},
): OpenBankingProvider | null {
  const endpoint = config.providers.gocardless;
  if (!endpoint) return null;
  return createGoCardlessProvider(endpoint, {
    ...options,
    listSandboxBank: endpoint.sandbox || config.env !== 'production',
  });
}
