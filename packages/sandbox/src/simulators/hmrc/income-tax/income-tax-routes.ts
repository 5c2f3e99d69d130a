import type { FastifyInstance } from 'fastify';
import type { HmrcContext } from '../hmrc-context';
import { registerBusinessDetailsRoutes } from './business-details-routes';
import { registerCumulativeRoutes } from './cumulative-routes';
import { registerObligationsRoutes } from './obligations-routes';

/**
 * HMRC's Income Tax (MTD) APIs as Brade uses them (docs/sandbox.md, "HMRC"): the taxpayer's businesses, their
 * income and expenditure obligations, and the cumulative period summary, each as HMRC's description has it.
 */
export function registerIncomeTaxRoutes(app: FastifyInstance, context: HmrcContext): void {
  registerBusinessDetailsRoutes(app, context);
  registerObligationsRoutes(app, context);
  registerCumulativeRoutes(app, context);
}
