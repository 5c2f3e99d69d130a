import { demo } from '@brade/sandbox';
import type { ProviderEndpoint } from '../config.js';
import { openBankingProvidersAt } from '../integrations/open-banking/index.js';
import type { RetryPolicy } from '../integrations/provider-http.js';
import { type IntegrationProviders, providersAt } from '../integrations/provider-registry.js';

/** The demo salon's providers: its private simulators and the same adapters every owner's imports use. */
export interface DemoSandbox {
  providers: IntegrationProviders;
  connections: demo.DemoSandbox['connections'];
  close(): Promise<void>;
}

/**
 * Starts the demo's private simulators (packages/sandbox, on 127.0.0.1 and a free port of this instance, in every
 * mode: docs/sandbox.md) and points a set of adapters at them. The bank goes through the open-banking facade, so
 * the demo follows whichever bank simulator `bank` names.
 */
export async function startDemoSandbox(
  options: { now?: () => Date; retry?: Partial<RetryPolicy>; bank?: demo.DemoBankProvider } = {},
): Promise<DemoSandbox> {
  const simulators = await demo.startDemoSimulators({
    ...(options.now ? { now: options.now } : {}),
    ...(options.bank ? { bank: options.bank } : {}),
  });
  const at = (endpoint: demo.DemoEndpoint): ProviderEndpoint => ({
    sandbox: true,
    clientId: endpoint.clientId,
    clientSecret: endpoint.clientSecret,
    authBaseUrl: endpoint.baseUrl,
    apiBaseUrl: endpoint.baseUrl,
  });
  const { endpoints, connections } = simulators;
  const providers = providersAt(
    { stripe: at(endpoints.stripe), square: at(endpoints.square), sumup: at(endpoints.sumup) },
    openBankingProvidersAt(connections.bank.provider, at(endpoints.bank), {
      ...(options.retry ? { retry: options.retry } : {}),
      ...(options.now ? { now: options.now } : {}),
    }),
    options.retry,
  );
  return { providers, connections, close: () => simulators.close() };
}
