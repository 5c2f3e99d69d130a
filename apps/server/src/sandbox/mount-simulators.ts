import { CARD_PROCESSORS } from '@brade/contract';
import { demo, enableBanking, gocardless, hmrc, square, stripe, sumup } from '@brade/sandbox';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  SANDBOX_APPLICATION_ID,
  sandboxApplicationKeys,
} from '../integrations/open-banking/enable-banking/sandbox-application.js';
import { SANDBOX_CREDENTIALS } from './sandbox-credentials.js';

/** The simulated APIs: each card processor's, and the two open-banking providers'. */
export const SANDBOX_PROVIDERS = [...CARD_PROCESSORS, 'gocardless', 'enable-banking', 'hmrc'] as const;

type Options = {
  seed: string;
  clientId?: string;
  clientSecret?: string;
  publicBaseUrl: string;
  controls: boolean;
  /** The app's one return page for this provider: the card simulators and GoCardless's redirect nowhere else. */
  redirectUris: readonly string[];
  applications: enableBanking.RegisteredApplication[];
  fraudHeaders: 'enforce' | 'record';
  now?: () => Date;
};
type Make = (options: Options) => FastifyPluginAsync;

/** Each provider returns to its own page (both banks to the spec's /gocardless-redirect). */
const returnPage = (provider: (typeof SANDBOX_PROVIDERS)[number]) =>
  provider === 'enable-banking' ? 'gocardless-redirect' : `${provider}-redirect`;
const SIMULATORS: Record<(typeof SANDBOX_PROVIDERS)[number], Make> = {
  stripe: stripe.stripeSimulator as Make,
  square: square.squareSimulator as Make,
  sumup: sumup.sumupSimulator as Make,
  gocardless: gocardless.gocardlessSimulator as Make,
  'enable-banking': enableBanking.enableBankingSimulator,
  hmrc: hmrc.hmrcSimulator,
};

/**
 * Sandbox mode (docs/sandbox.md): each provider's simulated HTTP API on this same server at /sandbox/<provider>/,
 * loaded by app.ts only when config.ts turns the sandbox on (the simulators are a chunk of their own),
 * serving the demo salon's books, where config.ts allows it (docs/security-decisions.md). Enable Banking's simulator is told
 * of Brade's sandbox application: its public key and its one registered redirect, this app's bank return page.
 */
export async function mountSandboxProviders(
  app: FastifyInstance,
  config: { publicUrl: string; sandboxControls: boolean; sandboxHmrcFraudHeaders: 'enforce' | 'record' },
  /** The app's clock: HMRC's simulator keys its periods and tokens to the same "today" as the figures. */
  clock?: () => Date,
): Promise<void> {
  for (const provider of SANDBOX_PROVIDERS) {
    const prefix = `/sandbox/${provider}`;
    const options = {
      seed: demo.DEMO_SALON.seed,
      ...(provider === 'stripe' || provider === 'square' || provider === 'hmrc' ? SANDBOX_CREDENTIALS[provider] : {}),
      publicBaseUrl: `${config.publicUrl}${prefix}`,
      controls: config.sandboxControls,
      redirectUris: [`${config.publicUrl}/${returnPage(provider)}`],
      fraudHeaders: config.sandboxHmrcFraudHeaders,
      ...(provider === 'hmrc' && clock ? { now: clock } : {}),
      applications: [
        {
          id: SANDBOX_APPLICATION_ID,
          name: 'Brade (sandbox)',
          publicKey: async () => (await sandboxApplicationKeys()).publicKey,
          redirectUrls: [`${config.publicUrl}/gocardless-redirect`],
        },
      ],
    };
    await app.register(SIMULATORS[provider](options), {
      prefix,
    });
  }
}
