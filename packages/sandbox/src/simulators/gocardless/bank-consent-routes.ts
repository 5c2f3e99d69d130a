import type { FastifyInstance } from 'fastify';
import { sendConsentErrorPage, sendConsentPage } from '../common/consent-page-html';
import { bodyField, withQuery } from '../common/request-parsing';
import { findInstitution } from './catalogue-routes';
import type { GoCardlessContext } from './gocardless-context';

type StartParams = { id: string; institution: string };

/**
 * The requisition `link`: stands in for GoCardless's hosted flow and the bank's login. Approve links one account and
 * returns to `<redirect>?ref=<reference>`; Deny marks the requisition RJ and adds error and details.
 */
export function registerBankConsentRoutes(fastify: FastifyInstance, context: GoCardlessContext): void {
  fastify.get<{ Params: StartParams }>('/psd2/start/:id/:institution', async (request, reply) => {
    const requisition = context.state.requisitions.get(request.params.id);
    if (!requisition || requisition.institution_id !== request.params.institution) {
      return sendConsentErrorPage(reply, 404, 'This link is not valid.');
    }
    if (!['CR', 'GC'].includes(requisition.status))
      return sendConsentErrorPage(reply, 400, 'This link has already been used.');
    requisition.status = 'GC';
    const agreement = context.state.agreements.get(requisition.agreement);
    const bank = findInstitution(context, requisition.institution_id);
    return sendConsentPage(reply, {
      title: `Connect ${bank?.name ?? 'your bank'}`,
      brand: bank?.name ?? requisition.institution_id,
      heading: 'Share your account information with Brade?',
      paragraphs: [
        `Brade asks to see your ${agreement?.access_scope.join(', ') ?? 'account data'}.`,
        `History: up to ${agreement?.max_historical_days ?? 90} days. Access lasts ${agreement?.access_valid_for_days ?? 90} days.`,
      ],
      action: `${context.options.publicBaseUrl}/psd2/start/${requisition.id}/${requisition.institution_id}`,
      hidden: {},
    });
  });

  fastify.post<{ Params: StartParams }>('/psd2/start/:id/:institution', async (request, reply) => {
    const requisition = context.state.requisitions.get(request.params.id);
    if (!requisition || requisition.institution_id !== request.params.institution) {
      return sendConsentErrorPage(reply, 404, 'This link is not valid.');
    }
    if (!['CR', 'GC'].includes(requisition.status))
      return sendConsentErrorPage(reply, 400, 'This link has already been used.');
    const now = context.clock.now();
    if (bodyField(request.body, 'decision') !== 'approve') {
      requisition.status = 'RJ';
      return reply.redirect(
        withQuery(requisition.redirect, {
          ref: requisition.reference,
          error: 'UserCancelledSession',
          details: 'User cancelled the session.',
        }),
        302,
      );
    }
    const agreement = context.state.agreements.get(requisition.agreement);
    if (agreement) agreement.accepted = now.toISOString();
    const accountId = context.state.newId();
    context.state.accounts.set(accountId, {
      id: accountId,
      created: now.toISOString(),
      requisitionId: requisition.id,
      institutionId: requisition.institution_id,
      lastAccessed: null,
    });
    requisition.accounts = [accountId];
    requisition.status = 'LN';
    return reply.redirect(withQuery(requisition.redirect, { ref: requisition.reference }), 302);
  });
}
