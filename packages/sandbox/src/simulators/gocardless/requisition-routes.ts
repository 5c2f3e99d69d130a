import type { FastifyInstance } from 'fastify';
import { isRegisteredRedirectUri } from '../common/card-sim-consent-page';
import { rawQuery } from '../common/request-parsing';
import { createAgreement } from './agreement-routes';
import { findInstitution, paginate } from './catalogue-routes';
import { type GoCardlessContext, routeBothSlashes } from './gocardless-context';
import { notFound, sendError, sendFieldError } from './gocardless-errors';
import { agreementExpired, type Requisition } from './gocardless-state';
import { requireAccessToken } from './token-routes';

const PATH = '/api/v2/requisitions/';

/** Linked requisitions read as EX once their agreement's access has run out (or was expired by a test). */
export function requisitionView(context: GoCardlessContext, requisition: Requisition): Requisition {
  const agreement = context.state.agreements.get(requisition.agreement);
  const expired =
    requisition.status === 'LN' && (!agreement || agreementExpired(agreement, context.clock.now().getTime()));
  return expired ? { ...requisition, status: 'EX' } : { ...requisition, accounts: [...requisition.accounts] };
}

export function registerRequisitionRoutes(fastify: FastifyInstance, context: GoCardlessContext): void {
  routeBothSlashes(fastify, 'POST', PATH, async (request, reply) => {
    if (!requireAccessToken(request, reply, context)) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    // Stricter than GoCardless, which takes any URL per requisition: only the app's registered return page.
    if (!isRegisteredRedirectUri(body.redirect, context.options.redirectUris))
      return sendFieldError(
        reply,
        'redirect',
        'Invalid redirect URL',
        'redirect must be this application’s return page',
      );
    const institution = findInstitution(
      context,
      typeof body.institution_id === 'string' ? body.institution_id : undefined,
    );
    if (!institution)
      return sendFieldError(
        reply,
        'institution_id',
        'Unknown Institution ID',
        'Get Institution IDs from /institutions/',
      );

    // Without an agreement GoCardless creates a default one (90 days of history, 90 days of access).
    const agreement =
      typeof body.agreement === 'string' && body.agreement
        ? context.state.agreements.get(body.agreement)
        : createAgreement(context, reply, { institution_id: institution.id });
    if (!agreement) {
      return reply.sent ? reply : sendFieldError(reply, 'agreement', 'Invalid agreement', 'Agreement not found');
    }
    if (agreement.institution_id !== institution.id) {
      return sendFieldError(
        reply,
        'agreement',
        'Incorrect Institution ID',
        `Agreement is for ${agreement.institution_id}`,
      );
    }
    if (agreementExpired(agreement, context.clock.now().getTime())) {
      return sendError(
        reply,
        400,
        `End User Agreement (EUA) ${agreement.id} has expired`,
        'EUA has expired. Create a new one.',
      );
    }
    const id = context.state.newId();
    const requisition: Requisition = {
      id,
      created: context.clock.now().toISOString(),
      redirect: body.redirect,
      status: 'CR',
      institution_id: institution.id,
      agreement: agreement.id,
      reference: typeof body.reference === 'string' && body.reference ? body.reference : id,
      accounts: [],
      user_language: typeof body.user_language === 'string' ? body.user_language.toUpperCase() : 'EN',
      link: `${context.options.publicBaseUrl}/psd2/start/${id}/${institution.id}`,
      ssn: typeof body.ssn === 'string' ? body.ssn : null,
      account_selection: body.account_selection === true,
      redirect_immediate: body.redirect_immediate === true,
    };
    context.state.requisitions.set(id, requisition);
    return reply.code(201).send(requisitionView(context, requisition));
  });

  routeBothSlashes(fastify, 'GET', PATH, async (request, reply) => {
    if (!requireAccessToken(request, reply, context)) return reply;
    const all = [...context.state.requisitions.values()].map((r) => requisitionView(context, r));
    return paginate(all, rawQuery(request), `${context.options.publicBaseUrl}${PATH}`);
  });

  routeBothSlashes(fastify, 'GET', `${PATH}:id/`, async (request, reply) => {
    if (!requireAccessToken(request, reply, context)) return reply;
    const requisition = context.state.requisitions.get((request.params as { id: string }).id);
    return requisition ? requisitionView(context, requisition) : notFound(reply);
  });

  // Deleting a requisition ends access: its agreement and accounts go with it.
  routeBothSlashes(fastify, 'DELETE', `${PATH}:id/`, async (request, reply) => {
    if (!requireAccessToken(request, reply, context)) return reply;
    const { id } = request.params as { id: string };
    const requisition = context.state.requisitions.get(id);
    if (!requisition) return notFound(reply);
    context.state.requisitions.delete(id);
    context.state.agreements.delete(requisition.agreement);
    for (const accountId of requisition.accounts) context.state.accounts.delete(accountId);
    return { summary: 'Requisition deleted', detail: `Requisition ${id} deleted with all its End User Agreements` };
  });
}
