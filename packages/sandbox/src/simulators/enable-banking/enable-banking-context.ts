import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../common/request-parsing';
import type { SimulatorClock } from '../common/simulator-clock';
import type { SimulatorOptions } from '../common/simulator-harness-types';
import type { DailyAccountQuota } from '../gocardless/daily-account-quota';
import { checkApplicationJwt, jwtKeyId } from './application-jwt';
import { sendError } from './enable-banking-errors';
import type { EnableBankingState } from './enable-banking-state';
import type { RegisteredApplication } from './sandbox-application';

export interface EnableBankingSimulatorOptions extends SimulatorOptions {
  /** The applications whose JWTs are accepted, each with its whitelisted redirect URLs. */
  applications: RegisteredApplication[];
  /** Transactions per page before a continuation_key (default 100). */
  pageSize?: number;
}

/** What the Enable Banking route modules share. */
export interface EnableBankingContext {
  options: EnableBankingSimulatorOptions;
  seed: string;
  scale: number;
  pageSize: number;
  clock: SimulatorClock;
  state: EnableBankingState;
  quota: DailyAccountQuota;
  applications: RegisteredApplication[];
}

/**
 * Every API call carries the application's own JWT. Sends Enable Banking's 401 and returns null when it is missing
 * or refused; otherwise the calling application.
 */
export async function requireApplication(
  request: FastifyRequest,
  reply: FastifyReply,
  context: EnableBankingContext,
): Promise<RegisteredApplication | null> {
  const token = bearerToken(request);
  if (!token) {
    sendError(reply, 401, 'AUTHORIZATION_NOT_PROVIDED', 'Authorization not provided');
    return null;
  }
  const application = context.applications.find((candidate) => candidate.id === jwtKeyId(token));
  if (!application) {
    sendError(reply, 401, 'UNAUTHORIZED_ACCESS', 'Unauthorized access', 'Unknown application key id.');
    return null;
  }
  const key = typeof application.publicKey === 'function' ? await application.publicKey() : application.publicKey;
  const check = checkApplicationJwt(token, key, Math.floor(context.clock.now().getTime() / 1000));
  if (!check.ok) {
    sendError(reply, 401, 'UNAUTHORIZED_ACCESS', 'Unauthorized access', check.detail);
    return null;
  }
  return application;
}
