import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { londonDateOf } from '../../salon-data/london-time';
import type { BankTransaction } from '../../salon-data/types';
import { rawQuery } from '../common/request-parsing';
import { accountResource } from './account-resource';
import { type EnableBankingContext, requireApplication } from './enable-banking-context';
import { sendError } from './enable-banking-errors';
import { type SessionAccount, sessionStatus } from './enable-banking-state';
import { accountBalances, feedTransaction, statementNow } from './statement';

type Scope = 'details' | 'balances' | 'transactions';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SESSION_ERRORS = {
  EXPIRED: ['EXPIRED_SESSION', 'Session is expired'],
  CLOSED: ['CLOSED_SESSION', 'Session is closed'],
  REVOKED: ['REVOKED_SESSION', 'Session is revoked'],
} as const;

/** A PSU header means the owner is present: banks do not count such calls against the four a day. */
const psuPresent = (request: FastifyRequest) => typeof request.headers['psu-ip-address'] === 'string';

/**
 * Application JWT, the account's session (authorised, not expired, closed or revoked), then the bank's daily allowance
 * for unattended access. Sends the error and returns undefined, or the account.
 */
async function checkAccess(
  request: FastifyRequest,
  reply: FastifyReply,
  context: EnableBankingContext,
  scope: Scope,
  counts: boolean,
): Promise<SessionAccount | undefined> {
  const application = await requireApplication(request, reply, context);
  if (!application) return undefined;
  const account = context.state.accounts.get((request.params as { uid: string }).uid);
  const session = account && context.state.sessions.get(account.sessionId);
  if (!account || !session || session.applicationId !== application.id) {
    return void sendError(reply, 404, 'ACCOUNT_DOES_NOT_EXIST', 'Account does not exist');
  }
  const now = context.clock.now();
  const status = sessionStatus(session, now.getTime());
  if (status !== 'AUTHORIZED') {
    const [error, message] = SESSION_ERRORS[status];
    return void sendError(reply, 401, error, message);
  }
  if (counts && !psuPresent(request)) {
    const quota = context.quota.status(account.uid, scope, now);
    if (quota.remaining === 0) {
      return void sendError(
        reply,
        429,
        'ASPSP_RATE_LIMIT_EXCEEDED',
        'ASPSP rate limit exceeded',
        'Daily PSU not present consultation limit has been exceeded',
      );
    }
  }
  return account;
}

/** Counts a successful unattended call against the account's allowance under this consent (banks count per consent). */
function counted<T>(
  request: FastifyRequest,
  context: EnableBankingContext,
  account: SessionAccount,
  scope: Scope,
  body: T,
) {
  if (!psuPresent(request)) context.quota.recordSuccess(account.uid, scope, context.clock.now());
  return body;
}

interface TransactionQuery {
  from: string;
  to: string;
  status: string | null;
}

/** Validates the query as Enable Banking does; sends the error and returns undefined when it is wrong. */
function transactionQuery(reply: FastifyReply, query: URLSearchParams, today: string, earliest: string) {
  const dateFrom = query.get('date_from');
  const dateTo = query.get('date_to');
  for (const value of [dateFrom, dateTo]) {
    if (value !== null && !DATE.test(value)) {
      return void sendError(reply, 422, 'WRONG_REQUEST_PARAMETERS', 'Wrong request parameters provided', value);
    }
  }
  if (dateTo && !dateFrom) return void sendError(reply, 422, 'DATE_TO_WITHOUT_DATE_FROM', 'date_to without date_from');
  if (dateFrom && dateFrom > today) return void sendError(reply, 422, 'DATE_FROM_IN_FUTURE', 'date_from in future');
  if (dateFrom && dateTo && dateFrom > dateTo) {
    return void sendError(reply, 422, 'WRONG_DATE_INTERVAL', 'Wrong date interval');
  }
  const strategy = query.get('strategy') ?? 'default';
  // "default" keeps to the range asked and refuses one the bank cannot give; "longest" starts at the earliest it has.
  if (strategy === 'default' && dateFrom && dateFrom < earliest) {
    return void sendError(
      reply,
      422,
      'WRONG_TRANSACTIONS_PERIOD',
      'Wrong transactions period requested',
      `Transactions are available from ${earliest}`,
    );
  }
  const from = !dateFrom || dateFrom < earliest ? earliest : dateFrom;
  const to = strategy === 'longest' || !dateTo || dateTo > today ? today : dateTo;
  return { from, to, status: query.get('transaction_status') } satisfies TransactionQuery;
}

function inRange(records: BankTransaction[], query: TransactionQuery) {
  return records.filter((record) => {
    const day = londonDateOf(record.occurredAt);
    return day >= query.from && day <= query.to;
  });
}

/** Everything but the continuation key: a key is valid only for the query it was issued for. */
function queryFingerprint(query: URLSearchParams): string {
  const kept = [...query.entries()].filter(([name]) => name !== 'continuation_key').sort();
  return new URLSearchParams(kept).toString();
}

export function registerAccountRoutes(fastify: FastifyInstance, context: EnableBankingContext): void {
  fastify.get('/accounts/:uid/details', async (request, reply) => {
    const account = await checkAccess(request, reply, context, 'details', true);
    if (!account) return reply;
    const session = context.state.sessions.get(account.sessionId)!;
    return counted(request, context, account, 'details', accountResource(context, account, session.aspsp.name));
  });

  fastify.get('/accounts/:uid/balances', async (request, reply) => {
    const account = await checkAccess(request, reply, context, 'balances', true);
    if (!account) return reply;
    return counted(request, context, account, 'balances', accountBalances(context));
  });

  // Pages of `pageSize`, newest first; the key of the next page is valid in this session, for this same query.
  fastify.get('/accounts/:uid/transactions', async (request, reply) => {
    const raw = rawQuery(request);
    const key = raw.get('continuation_key');
    // Only a listing's first page counts against the bank's daily allowance.
    const account = await checkAccess(request, reply, context, 'transactions', key === null);
    if (!account) return reply;
    const { today, earliest, split } = statementNow(context);
    const query = transactionQuery(reply, raw, today, earliest);
    if (!query) return reply;
    const fingerprint = queryFingerprint(raw);
    let offset = 0;
    if (key !== null) {
      const continuation = context.state.continuations.get(key);
      if (!continuation || continuation.uid !== account.uid || continuation.query !== fingerprint) {
        return sendError(reply, 422, 'WRONG_CONTINUATION_KEY', 'Wrong continuation key provided');
      }
      offset = continuation.offset;
    }
    const rows = [
      ...(query.status === null || query.status === 'BOOK'
        ? inRange(split.booked, query).map((record) => feedTransaction(record, account.sessionId, false))
        : []),
      ...(query.status === null || query.status === 'PDNG'
        ? inRange(split.pending, query).map((record) => feedTransaction(record, account.sessionId, true))
        : []),
    ].sort((a, b) => b.value_date.localeCompare(a.value_date));
    const page = rows.slice(offset, offset + context.pageSize);
    const next = offset + page.length;
    const body = {
      transactions: page,
      continuation_key:
        next < rows.length
          ? context.state.newContinuation({ uid: account.uid, query: fingerprint, offset: next })
          : null,
    };
    return key === null ? counted(request, context, account, 'transactions', body) : body;
  });
}
