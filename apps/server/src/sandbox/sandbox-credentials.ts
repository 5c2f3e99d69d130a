/**
 * The app's client credentials at its own simulators (docs/sandbox.md). They are not secrets: the simulators are
 * told these when mounted (mount-simulators.ts). They live here, not in @brade/sandbox, so that reading the
 * configuration (config.ts) does not load the simulators: the server bundle loads them only when the sandbox or
 * the demo account is on.
 */
export const SANDBOX_CREDENTIALS = {
  stripe: {
    clientId: 'ca_SandboxBradeSalonPlatform01',
    clientSecret: 'sk_test_SandboxBradePlatformSecretKey0000000001',
  },
  square: {
    clientId: 'sandbox-sq0idb-BradeSalonSandboxApp01',
    clientSecret: 'sandbox-sq0csb-BradeSalonSandboxSecret0000000000001',
  },
  sumup: { clientId: 'brade-sandbox', clientSecret: 'brade-sandbox-secret' },
  gocardless: { clientId: 'brade-sandbox', clientSecret: 'brade-sandbox-secret' },
  hmrc: { clientId: 'brade-sandbox', clientSecret: 'brade-sandbox-secret' },
} as const satisfies Record<string, { clientId: string; clientSecret: string }>;
