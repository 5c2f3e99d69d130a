import { demo } from '@brade/sandbox';
import {
  SANDBOX_APPLICATION_ID,
  sandboxApplicationKeys,
} from '../integrations/open-banking/enable-banking/sandbox-application.js';
import { type OpenBankingEndpoint, openBankingProvidersAt } from '../integrations/open-banking/index.js';
import type { ProviderEndpoint } from '../integrations/provider-endpoint.js';
import type { RetryPolicy } from '../integrations/provider-http.js';
import { type IntegrationProviders, providersAt } from '../integrations/provider-registry.js';

/** The demo salon's providers: its private simulators and the same adapters every owner's imports use. */
export interface DemoSandbox {
  providers: IntegrationProviders;
  connections: demo.DemoSandbox['connections'];
  /** How many months back the demo's books reach (demo/demo-connections.ts). */
  historyMonths: number;
  close(): Promise<void>;
}

/**
 * Loaded by main.ts only when DEMO_ACCOUNT is on (a chunk of its own, with the simulators). Starts the demo's
 * private simulators (packages/sandbox, on 127.0.0.1 and a free port of this instance, in every
 * mode: docs/sandbox.md) and points a set of adapters at them. The bank goes through the open-banking facade:
 * Enable Banking's simulator by default, as new links do; GoCardless's when `bank` asks for it.
 */
export async function startDemoSandbox(
  options: { now?: () => Date; retry?: Partial<RetryPolicy>; bank?: demo.DemoBankProvider } = {},
): Promise<DemoSandbox> {
  // The app's own sandbox application: the same key pair signs its JWTs to the public Enable Banking simulator.
  const application = { id: SANDBOX_APPLICATION_ID, publicKey: async () => (await sandboxApplicationKeys()).publicKey };
  const simulators = await demo.startDemoSimulators({
    ...(options.now ? { now: options.now } : {}),
    bank: { provider: options.bank ?? 'enable_banking', application },
  });
  const at = (endpoint: demo.DemoEndpoint): ProviderEndpoint => ({
    sandbox: true,
    clientId: endpoint.clientId,
    clientSecret: endpoint.clientSecret,
    authBaseUrl: endpoint.baseUrl,
    apiBaseUrl: endpoint.baseUrl,
  });
  const { endpoints, connections } = simulators;
  const bank: OpenBankingEndpoint =
    connections.bank.provider === 'enable_banking'
      ? {
          id: 'enable_banking',
          endpoint: {
            sandbox: true,
            applicationId: SANDBOX_APPLICATION_ID,
            privateKeyPem: null,
            apiBaseUrl: endpoints.bank.baseUrl,
          },
        }
      : { id: 'gocardless', endpoint: at(endpoints.bank) };
  const providers = providersAt(
    { stripe: at(endpoints.stripe), square: at(endpoints.square), sumup: at(endpoints.sumup) },
    openBankingProvidersAt(bank, {
      ...(options.retry ? { retry: options.retry } : {}),
      ...(options.now ? { now: options.now } : {}),
    }),
    options.retry,
  );
  return { providers, connections, historyMonths: demo.DEMO_HISTORY_MONTHS, close: () => simulators.close() };
}
