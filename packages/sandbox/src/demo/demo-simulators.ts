import Fastify from 'fastify';
import { stableToken } from '../simulators/common/card-sim-ids';
import type { FixedTokens } from '../simulators/common/simulator-harness-types';
import { createEnableBankingSimulator } from '../simulators/enable-banking/enable-banking-simulator';
import type { RegisteredApplication } from '../simulators/enable-banking/sandbox-application';
import { createGoCardlessSimulator } from '../simulators/gocardless/gocardless-simulator';
import { DEFAULT_SQUARE_CLIENT_ID, DEFAULT_SQUARE_CLIENT_SECRET } from '../simulators/square/square-context';
import { squareSimulator } from '../simulators/square/square-simulator';
import { DEFAULT_STRIPE_CLIENT_ID, DEFAULT_STRIPE_SECRET_KEY } from '../simulators/stripe/stripe-context';
import { stripeSimulator } from '../simulators/stripe/stripe-simulator';
import { createSumupSimulator } from '../simulators/sumup/sumup-simulator';
import { DEMO_SALON } from './demo-salon';

const TOKEN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/**
 * The test bank the demo's business account is at, per open-banking provider: Enable Banking's "Mock ASPSP" (the
 * default, as for new links) or GoCardless's "Sandbox Finance". The statement is the same at either.
 */
const DEMO_BANKS = {
  enable_banking: { id: 'GB:Mock ASPSP', name: 'Mock ASPSP' },
  gocardless: { id: 'SANDBOXFINANCE_SFIN0000', name: 'Sandbox Finance' },
} as const;

/** Which open-banking simulator serves the demo's bank. */
export type DemoBankProvider = keyof typeof DEMO_BANKS;

/** What the demo's bank needs of the app: Enable Banking's API accepts only a registered application's JWTs. */
export interface DemoBankOptions {
  provider?: DemoBankProvider;
  /** The app's Enable Banking application (its id and public key); required for Enable Banking. */
  application?: Pick<RegisteredApplication, 'id' | 'publicKey'>;
}

export interface DemoEndpoint {
  /** Where the provider's API (and its OAuth endpoints) answer on the private loopback server. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface DemoCardConnection extends FixedTokens {
  /** Stripe account, Square merchant id or SumUp merchant code. */
  accountId: string;
}

export interface DemoSandbox {
  url: string;
  endpoints: { stripe: DemoEndpoint; square: DemoEndpoint; sumup: DemoEndpoint; bank: DemoEndpoint };
  connections: {
    stripe: DemoCardConnection;
    square: DemoCardConnection;
    sumup: DemoCardConnection;
    bank: {
      provider: DemoBankProvider;
      linkId: string;
      /** Each account's id at the provider and the identity that outlives a new link (the id, for GoCardless). */
      accounts: Array<{ id: string; identity: string }>;
      institutionId: string;
      institutionName: string;
    };
  };
  close(): Promise<void>;
}

/** The demo's tokens are a function of its seed: every start and every instance hands out the same ones. */
function fixedTokens(provider: string, prefix: string): FixedTokens {
  const token = (kind: string) => `${prefix}${stableToken(`${DEMO_SALON.seed}|${provider}|${kind}`, TOKEN_CHARS, 48)}`;
  return { accessToken: token('access'), refreshToken: token('refresh') };
}

/**
 * The demo salon's own Stripe, Square, SumUp and bank, on a private server bound to 127.0.0.1 on a free port
 * (never the public one, in every mode including production), with the salon already connected at each: the app
 * imports it through the same adapters as any owner's accounts, with no consent page to click through.
 */
export async function startDemoSimulators(
  options: { now?: () => Date; bank?: DemoBankOptions } = {},
): Promise<DemoSandbox> {
  const bankProvider = options.bank?.provider ?? 'enable_banking';
  const application = options.bank?.application;
  if (bankProvider === 'enable_banking' && !application) {
    throw new Error("The demo's Enable Banking simulator needs the app's application id and public key");
  }
  const app = Fastify({ logger: false });
  // Each simulator reads publicBaseUrl per request, so the port bound below can fill these in.
  const base = { url: '' };
  const common = (prefix: string) => ({
    seed: DEMO_SALON.seed,
    salesPerDayScale: DEMO_SALON.salesPerDayScale,
    legalForm: DEMO_SALON.legalForm,
    controls: false,
    ...(options.now ? { now: options.now } : {}),
    get publicBaseUrl() {
      return `${base.url}${prefix}`;
    },
  });
  const stripe = stripeSimulator(common('/stripe'));
  const square = squareSimulator(common('/square'));
  const sumup = createSumupSimulator(common('/sumup'));
  const bankPrefix = bankProvider === 'enable_banking' ? '/enable-banking' : '/gocardless';
  const bank =
    bankProvider === 'enable_banking'
      ? (() => {
          const simulator = createEnableBankingSimulator({
            ...common(bankPrefix),
            applications: [{ ...application!, redirectUrls: [] }],
          });
          return {
            plugin: simulator.plugin,
            preconnect: () => {
              const session = simulator.preconnect(DEMO_BANKS.enable_banking.name, application!.id);
              const accounts = session.accounts.map((a) => ({ id: a.uid, identity: a.identificationHash }));
              return { linkId: session.sessionId, accounts };
            },
          };
        })()
      : (() => {
          const simulator = createGoCardlessSimulator(common(bankPrefix));
          return {
            plugin: simulator.plugin,
            preconnect: () => {
              const linked = simulator.preconnect(DEMO_BANKS.gocardless.id);
              return { linkId: linked.requisitionId, accounts: linked.accountIds.map((id) => ({ id, identity: id })) };
            },
          };
        })();
  await app.register(stripe, { prefix: '/stripe' });
  await app.register(square, { prefix: '/square' });
  await app.register(sumup.plugin, { prefix: '/sumup' });
  await app.register(bank.plugin, { prefix: bankPrefix });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  base.url = address.replace('[::1]', '127.0.0.1');

  const login = DEMO_SALON.login;
  const seed = DEMO_SALON.seed;
  const stripeTokens = fixedTokens('stripe', 'sk_test_demo_');
  const squareTokens = fixedTokens('square', 'EAAAldemo');
  const sumupTokens = fixedTokens('sumup', 'sumup_demo_');
  const sumupClient = { clientId: 'brade-demo', clientSecret: 'brade-demo-secret' };
  const linked = bank.preconnect();
  return {
    url: base.url,
    endpoints: {
      stripe: {
        baseUrl: `${base.url}/stripe`,
        clientId: DEFAULT_STRIPE_CLIENT_ID,
        clientSecret: DEFAULT_STRIPE_SECRET_KEY,
      },
      square: {
        baseUrl: `${base.url}/square`,
        clientId: DEFAULT_SQUARE_CLIENT_ID,
        clientSecret: DEFAULT_SQUARE_CLIENT_SECRET,
      },
      sumup: { baseUrl: `${base.url}/sumup`, ...sumupClient },
      bank: { baseUrl: `${base.url}${bankPrefix}`, clientId: 'brade-demo', clientSecret: 'brade-demo-secret' },
    },
    connections: {
      stripe: { ...stripeTokens, accountId: stripe.preconnect({ seed, login, ...stripeTokens }) },
      square: {
        ...squareTokens,
        accountId: square.preconnect({
          seed,
          login,
          scopes: ['PAYMENTS_READ', 'PAYOUTS_READ', 'MERCHANT_PROFILE_READ', 'ORDERS_READ', 'EMPLOYEES_READ'],
          ...squareTokens,
        }),
      },
      sumup: {
        ...sumupTokens,
        accountId: sumup.preconnect({ clientId: sumupClient.clientId, scope: 'transactions.history', ...sumupTokens }),
      },
      bank: {
        provider: bankProvider,
        linkId: linked.linkId,
        accounts: linked.accounts,
        institutionId: DEMO_BANKS[bankProvider].id,
        institutionName: DEMO_BANKS[bankProvider].name,
      },
    },
    close: () => app.close(),
  };
}
