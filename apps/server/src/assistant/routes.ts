import { ASSISTANT_ENDPOINTS as E } from '@brade/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { unauthorized } from '../http/http-error.js';
import { registerEndpoints } from '../http/register-endpoint.js';
import { type AssistantOptions, askAssistant } from './service.js';

/** BradeBot's two calls (docs/assistant.md, "The calls"): the owner is the signed-in one, whatever the payload says. */
export function assistantRoutes(ctx: AppContext, options: AssistantOptions = {}) {
  return async (app: FastifyInstance) => {
    const deps = { database: ctx.database, clock: ctx.clock, log: ctx.log };
    // The caller's address (through TRUST_PROXY when behind a proxy) counts the shared demo account's questions.
    const who = (req: FastifyRequest) => {
      if (!req.user) throw unauthorized();
      return { ...req.user, address: req.ip };
    };
    registerEndpoints(app, ctx, E, {
      analyzeMonthlyTransactions: async (req) => ({
        response: await askAssistant(deps, options, who(req), { message: req.body.message }, 'chat'),
      }),
      reportFinancialPerformance: async (req) => ({
        response: await askAssistant(
          deps,
          options,
          who(req),
          { message: req.body.message, ...(req.body.report ? { report: req.body.report } : {}) },
          'report',
        ),
      }),
    });
  };
}
