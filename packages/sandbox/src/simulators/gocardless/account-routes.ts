import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { londonDateOf, londonTimeToUtc } from '../../salon-data/london-time';
import { rawQuery } from '../common/request-parsing';
import { addDays, HISTORY_DAYS, salonDataWindow } from '../common/salon-data-window';
import { splitStatement, transactionsBetween } from './bank-statement-feed';
import { balances, businessAccount } from './business-account';
import { findInstitution } from './catalogue-routes';
import { quotaHeaders } from './daily-account-quota';
import { type GoCardlessContext, routeBothSlashes } from './gocardless-context';
import { accessExpired, notFound, sendError, sendFieldError } from './gocardless-errors';
import { type AccessScope, type Agreement, agreementExpired, type LinkedAccount } from './gocardless-state';
import { requireAccessToken } from './token-routes';

const PATH = '/api/v2/accounts/:id/';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface Access {
  account: LinkedAccount;
  agreement: Agreement;
}

/** Token, account, consent, scope and the bank's daily quota, in that order; sends the error and returns undefined. */
function checkAccess(request: FastifyRequest, reply: FastifyReply, context: GoCardlessContext, scope: AccessScope) {
  if (!requireAccessToken(request, reply, context)) return undefined;
  if (!context.accountRateLimit.take(reply, context.clock.now())) return undefined;
  const account = context.state.accounts.get((request.params as { id: string }).id);
  const requisition = account && context.state.requisitions.get(account.requisitionId);
  const agreement = requisition && context.state.agreements.get(requisition.agreement);
  if (!account || !agreement) return void notFound(reply);
  const now = context.clock.now();
  if (agreementExpired(agreement, now.getTime())) return void accessExpired(reply, scope);
  if (!agreement.access_scope.includes(scope)) {
    return void sendError(reply, 403, 'Access scope not granted', `The end user agreement does not include ${scope}.`);
  }
  const status = context.quota.status(account.id, scope, now);
  if (status.remaining === 0) {
    reply.headers({ ...quotaHeaders(status), 'retry-after': String(status.resetSeconds) });
    return void sendError(
      reply,
      429,
      'Rate limit exceeded',
      `The rate limit for this resource is ${status.limit}/day. Please try again in ${status.resetSeconds} seconds`,
    );
  }
  return { account, agreement } satisfies Access;
}

/** Counts the success and sets the quota headers as they stand after this call. */
function succeed<T>(reply: FastifyReply, context: GoCardlessContext, access: Access, scope: AccessScope, body: T): T {
  const now = context.clock.now();
  context.quota.recordSuccess(access.account.id, scope, now);
  access.account.lastAccessed = now.toISOString();
  reply.headers(quotaHeaders(context.quota.status(access.account.id, scope, now)));
  return body;
}

function statementNow(context: GoCardlessContext) {
  const now = context.clock.now();
  const today = londonDateOf(now);
  const data = salonDataWindow(
    context.seed,
    addDays(today, -HISTORY_DAYS),
    today,
    context.scale,
    context.options.legalForm,
  );
  return { now, today, split: splitStatement(data, now) };
}

function identity(context: GoCardlessContext, account: LinkedAccount) {
  const bic = findInstitution(context, account.institutionId)?.bic ?? 'SFIN0000';
  return businessAccount(context.seed, bic, context.scale);
}

export function registerAccountRoutes(fastify: FastifyInstance, context: GoCardlessContext): void {
  // Metadata: not a bank call, so no per-day quota.
  routeBothSlashes(fastify, 'GET', PATH, async (request, reply) => {
    if (!requireAccessToken(request, reply, context)) return reply;
    if (!context.accountRateLimit.take(reply, context.clock.now())) return reply;
    const account = context.state.accounts.get((request.params as { id: string }).id);
    const requisition = account && context.state.requisitions.get(account.requisitionId);
    const agreement = requisition && context.state.agreements.get(requisition.agreement);
    if (!account || !agreement) return notFound(reply);
    const expired = agreementExpired(agreement, context.clock.now().getTime());
    const { iban, ownerName } = identity(context, account);
    return {
      id: account.id,
      created: account.created,
      last_accessed: account.lastAccessed,
      iban,
      institution_id: account.institutionId,
      status: expired ? 'EXPIRED' : 'READY',
      owner_name: ownerName,
    };
  });

  routeBothSlashes(fastify, 'GET', `${PATH}details/`, async (request, reply) => {
    const access = checkAccess(request, reply, context, 'details');
    if (!access) return reply;
    const id = identity(context, access.account);
    return succeed(reply, context, access, 'details', {
      account: {
        resourceId: access.account.id,
        iban: id.iban,
        bban: id.bban,
        currency: 'GBP',
        ownerName: id.ownerName,
        name: 'Business Current Account',
        displayName: 'Business Current Account',
        product: 'Business Current Account',
        cashAccountType: 'CACC',
        status: 'enabled',
        usage: 'ORGA',
      },
    });
  });

  routeBothSlashes(fastify, 'GET', `${PATH}balances/`, async (request, reply) => {
    const access = checkAccess(request, reply, context, 'balances');
    if (!access) return reply;
    const { now, today, split } = statementNow(context);
    const startOfToday = londonTimeToUtc(today, 0, 0);
    return succeed(reply, context, access, 'balances', balances(context.seed, split, today, startOfToday, now));
  });

  routeBothSlashes(fastify, 'GET', `${PATH}transactions/`, async (request, reply) => {
    const query = rawQuery(request);
    for (const field of ['date_from', 'date_to']) {
      const value = query.get(field);
      if (value !== null && !DATE.test(value)) {
        return sendFieldError(reply, field, 'Invalid date format', `${field} must be YYYY-MM-DD`);
      }
    }
    const access = checkAccess(request, reply, context, 'transactions');
    if (!access) return reply;
    const { today, split } = statementNow(context);
    // History is limited by the agreement and by what the simulator holds (about 18 months).
    const earliest = [
      addDays(today, -access.agreement.max_historical_days),
      addDays(today, -HISTORY_DAYS),
    ].sort()[1] as string;
    const requestedFrom = query.get('date_from') ?? earliest;
    const requestedTo = query.get('date_to') ?? today;
    if (requestedFrom > today)
      return sendFieldError(reply, 'date_from', "Date can't be in future", `'${requestedFrom}' is after today`);
    if (requestedFrom > requestedTo) {
      return sendFieldError(reply, 'date_from', 'Date range is invalid', 'date_from must not be later than date_to');
    }
    const from = requestedFrom < earliest ? earliest : requestedFrom;
    const to = requestedTo > today ? today : requestedTo;
    return succeed(reply, context, access, 'transactions', { transactions: transactionsBetween(split, from, to) });
  });
}
