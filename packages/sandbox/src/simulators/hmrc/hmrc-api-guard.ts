import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../common/request-parsing';
import { findingsSentence } from './fraud-prevention/feedback';
import { checkFraudPreventionHeaders } from './fraud-prevention/header-rules';
import type { HmrcGrant } from './hmrc-auth-state';
import type { HmrcContext } from './hmrc-context';
import { sendHmrcError, sendPlatformError } from './hmrc-errors';

export interface Guarded {
  grant: HmrcGrant;
  /** The Gov-Test-Scenario header, '' when none: HMRC's sandbox scenarios. */
  scenario: string;
}

/**
 * What HMRC's API platform checks before an API sees a request (HMRC's reference guide, "Errors"): the versioned
 * Accept header, a live access token with the scope the endpoint needs; then the fraud-prevention headers, whose
 * findings are kept for the validation feedback and, in the simulator's strict mode, refuse the call. Replies and
 * returns null when a check fails.
 */
export function guardApiCall(
  context: HmrcContext,
  request: FastifyRequest,
  reply: FastifyReply,
  need: { scope: string; api: string; version: string; path: string },
): Guarded | null {
  const accept = request.headers.accept ?? '';
  if (!accept.split(',').some((type) => type.trim() === `application/vnd.hmrc.${need.version}+json`)) {
    sendPlatformError(reply, 'acceptHeader');
    return null;
  }
  const token = bearerToken(request);
  const grant = token ? context.auth.byAccessToken(token) : undefined;
  const now = context.clock.now();
  if (!grant || grant.revoked || grant.accessExpiresAt <= now.getTime()) {
    sendPlatformError(reply, 'credentials');
    return null;
  }
  if (!grant.scopes.includes(need.scope)) {
    sendPlatformError(reply, 'scope');
    return null;
  }
  const findings = checkFraudPreventionHeaders(request.headers);
  context.feedback.record(need.api, request.method, need.path, findings, now);
  if ((context.options.fraudHeaders ?? 'enforce') === 'enforce' && findings.some((f) => f.severity === 'error')) {
    sendHmrcError(
      reply,
      400,
      'INVALID_FRAUD_PREVENTION_HEADERS',
      `The fraud prevention headers are missing or invalid: ${findingsSentence(findings)}`,
    );
    return null;
  }
  const scenario = request.headers['gov-test-scenario'];
  return { grant, scenario: typeof scenario === 'string' ? scenario : '' };
}

/**
 * The path's VRN: nine digits (400 VRN_INVALID), and the authorising taxpayer's own (403, as HMRC answers; also when
 * the taxpayer gave no VRN).
 */
export function guardVrn(vrn: string, grant: HmrcGrant, reply: FastifyReply): boolean {
  if (!/^\d{9}$/.test(vrn)) {
    sendHmrcError(reply, 400, 'VRN_INVALID', 'The provided VRN is invalid');
    return false;
  }
  if (grant.vrn === null || vrn !== grant.vrn) {
    sendHmrcError(reply, 403, 'CLIENT_OR_AGENT_NOT_AUTHORISED', 'The client and/or agent is not authorised');
    return false;
  }
  return true;
}
