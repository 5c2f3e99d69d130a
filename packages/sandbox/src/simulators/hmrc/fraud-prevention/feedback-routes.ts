import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../../common/request-parsing';
import type { HmrcContext } from '../hmrc-context';
import { sendHmrcError, sendPlatformError } from '../hmrc-errors';
import { validationAnswer } from './feedback';
import { CONNECTION_METHOD, checkFraudPreventionHeaders } from './header-rules';

/**
 * HMRC's Test Fraud Prevention Headers API 1.0 (application-restricted: a client-credentials token):
 * GET /test/fraud-prevention-headers/validate checks the request's own headers; GET
 * /test/fraud-prevention-headers/{api}/validation-feedback reports the last request to each endpoint of an API.
 */
export function registerFraudFeedbackRoutes(app: FastifyInstance, context: HmrcContext): void {
  const authorised = (request: FastifyRequest, reply: FastifyReply) => {
    const accept = request.headers.accept ?? '';
    if (!accept.includes('application/vnd.hmrc.1.0+json')) {
      sendPlatformError(reply, 'acceptHeader');
      return false;
    }
    const token = bearerToken(request) ?? '';
    const expires = context.appTokens.get(token);
    const user = context.auth.byAccessToken(token);
    const now = context.clock.now().getTime();
    if ((expires === undefined || expires <= now) && (!user || user.revoked || user.accessExpiresAt <= now)) {
      sendPlatformError(reply, 'credentials');
      return false;
    }
    return true;
  };

  app.get('/test/fraud-prevention-headers/validate', async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    return reply.send(validationAnswer(checkFraudPreventionHeaders(request.headers)));
  });

  app.get('/test/fraud-prevention-headers/:api/validation-feedback', async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const method = (request.query as Record<string, string | undefined>).connectionMethod;
    if (method !== undefined && method !== CONNECTION_METHOD)
      return sendHmrcError(reply, 400, 'INVALID_CONNECTION_METHOD', 'The connection method is not valid');
    const feedback = context.feedback.feedback((request.params as { api: string }).api);
    if (!feedback) return sendHmrcError(reply, 404, 'NO_DATA_FOUND', 'No data found for the requested API');
    return reply.send(feedback);
  });
}
