/**
 * Where the providers are and the app's credentials there, as config.ts reads them from the environment: the
 * adapters are built from these alone, so they need nothing else of the configuration.
 */

/** Where each provider's API is and the app's credentials there; `sandbox` marks the local simulator. */
export interface ProviderEndpoint {
  sandbox: boolean;
  clientId: string;
  clientSecret: string;
  /** Browser-facing authorisation host (Stripe Connect, Square, SumUp). */
  authBaseUrl: string;
  /** Server-to-server API host. */
  apiBaseUrl: string;
}

/** Enable Banking has no client secret: the application signs its own JWTs with its private key. */
export interface EnableBankingEndpoint {
  sandbox: boolean;
  /** The JWT `kid`. */
  applicationId: string;
  /** The application's RSA private key (PEM); null for the local simulator's sandbox application. */
  privateKeyPem: string | null;
  apiBaseUrl: string;
}

export interface ProviderSettings {
  stripe: ProviderEndpoint | null;
  square: ProviderEndpoint | null;
  sumup: ProviderEndpoint | null;
  gocardless: ProviderEndpoint | null;
  enableBanking: EnableBankingEndpoint | null;
  /**
   * Which open-banking provider new bank links use (docs/open-banking.md): Enable Banking when its keys are set,
   * else GoCardless when its keys are; in sandbox mode without either, SANDBOX_BANK_PROVIDER's simulator. Existing
   * connections keep the provider they were made with.
   */
  bankForNewLinks: 'enable_banking' | 'gocardless' | null;
}

/** What choosing the providers needs of the configuration (config.ts's `Config` has it). */
export interface ProvidersConfig {
  env: 'development' | 'production' | 'test';
  providers: ProviderSettings;
}
