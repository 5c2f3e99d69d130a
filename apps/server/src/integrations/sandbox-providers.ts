import { gocardless, square, stripe, sumup } from '@brade/sandbox';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.js';
import { DEMO_SEED } from '../demo/demo-salon-data.js';

export const SANDBOX_PROVIDERS = ['stripe', 'square', 'sumup', 'gocardless'] as const;

type Make = (options: { seed: string; publicBaseUrl: string; controls: boolean }) => FastifyPluginAsync;
const SIMULATORS: Record<(typeof SANDBOX_PROVIDERS)[number], Make> = {
  stripe: stripe.stripeSimulator as Make,
  square: square.squareSimulator as Make,
  sumup: sumup.sumupSimulator as Make,
  gocardless: gocardless.gocardlessSimulator as Make,
};

/**
 * Sandbox mode (DESIGN.md section 4): each provider's simulated HTTP API on this same server at
 * /sandbox/<provider>/, serving the demo salon's books. Never in production unless ALLOW_SANDBOX=true.
 */
export async function mountSandboxProviders(app: FastifyInstance, config: Config): Promise<void> {
  for (const provider of SANDBOX_PROVIDERS) {
    const prefix = `/sandbox/${provider}`;
    const options = {
      seed: DEMO_SEED,
      publicBaseUrl: `${config.publicUrl}${prefix}`,
      controls: config.sandboxControls,
    };
    await app.register(SIMULATORS[provider](options), {
      prefix,
    });
  }
}
