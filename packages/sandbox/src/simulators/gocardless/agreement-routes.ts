import type { FastifyInstance, FastifyReply } from 'fastify';
import { rawQuery } from '../common/request-parsing';
import { findInstitution, paginate } from './catalogue-routes';
import { type GoCardlessContext, routeBothSlashes } from './gocardless-context';
import { notFound, sendFieldError } from './gocardless-errors';
import type { AccessScope, Agreement } from './gocardless-state';
import { requireAccessToken } from './token-routes';

const SCOPES: AccessScope[] = ['balances', 'details', 'transactions'];
const PATH = '/api/v2/agreements/enduser/';

function integerField(body: Record<string, unknown>, name: string, fallback: number): number | undefined {
  const value = body[name] ?? fallback;
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
}

/**
 * Validates and creates an end-user agreement. Limits come from the institution: history up to its
 * transaction_total_days, access up to its max_access_valid_for_days (90 for most UK banks).
 */
export function createAgreement(
  context: GoCardlessContext,
  reply: FastifyReply,
  body: Record<string, unknown>,
): Agreement | undefined {
  const institution = findInstitution(
    context,
    typeof body.institution_id === 'string' ? body.institution_id : undefined,
  );
  if (!institution) {
    sendFieldError(
      reply,
      'institution_id',
      'Unknown Institution ID',
      `Get Institution IDs from /institutions/?country={$COUNTRY_CODE}`,
    );
    return undefined;
  }
  const maxHistory = Number(institution.transaction_total_days);
  const maxAccess = Number(institution.max_access_valid_for_days);
  const history = integerField(body, 'max_historical_days', 90);
  if (history === undefined || history < 1 || history > maxHistory) {
    sendFieldError(
      reply,
      'max_historical_days',
      'Incorrect max_historical_days',
      `max_historical_days must be > 0 and <= ${maxHistory} for ${institution.id}`,
    );
    return undefined;
  }
  const access = integerField(body, 'access_valid_for_days', 90);
  if (access === undefined || access < 1 || access > maxAccess) {
    sendFieldError(
      reply,
      'access_valid_for_days',
      'Incorrect access_valid_for_days',
      `access_valid_for_days must be > 0 and <= ${maxAccess} for ${institution.id}`,
    );
    return undefined;
  }
  const scope = (body.access_scope ?? SCOPES) as unknown;
  if (!Array.isArray(scope) || scope.length === 0 || !scope.every((s) => SCOPES.includes(s as AccessScope))) {
    sendFieldError(reply, 'access_scope', 'Unknown value in access_scope', `Choose from ${SCOPES.join(', ')}`);
    return undefined;
  }
  const agreement: Agreement = {
    id: context.state.newId(),
    created: context.clock.now().toISOString(),
    institution_id: institution.id,
    max_historical_days: history,
    access_valid_for_days: access,
    access_scope: [...new Set(scope as AccessScope[])],
    accepted: null,
  };
  context.state.agreements.set(agreement.id, agreement);
  return agreement;
}

/** Agreements as the API shows them (without the simulator's internal flag). */
export function publicAgreement({ forcedExpired: _hidden, ...agreement }: Agreement) {
  return agreement;
}

export function registerAgreementRoutes(fastify: FastifyInstance, context: GoCardlessContext): void {
  routeBothSlashes(fastify, 'POST', PATH, async (request, reply) => {
    if (!requireAccessToken(request, reply, context)) return reply;
    const agreement = createAgreement(context, reply, (request.body ?? {}) as Record<string, unknown>);
    return agreement ? reply.code(201).send(publicAgreement(agreement)) : reply;
  });

  routeBothSlashes(fastify, 'GET', PATH, async (request, reply) => {
    if (!requireAccessToken(request, reply, context)) return reply;
    const all = [...context.state.agreements.values()].map(publicAgreement);
    return paginate(all, rawQuery(request), `${context.options.publicBaseUrl}${PATH}`);
  });

  routeBothSlashes(fastify, 'GET', `${PATH}:id/`, async (request, reply) => {
    if (!requireAccessToken(request, reply, context)) return reply;
    const agreement = context.state.agreements.get((request.params as { id: string }).id);
    return agreement ? publicAgreement(agreement) : notFound(reply);
  });

  routeBothSlashes(fastify, 'DELETE', `${PATH}:id/`, async (request, reply) => {
    if (!requireAccessToken(request, reply, context)) return reply;
    const { id } = request.params as { id: string };
    if (!context.state.agreements.delete(id)) return notFound(reply);
    return { summary: 'End User Agreement deleted', detail: `End User Agreement ${id} deleted` };
  });
}
