import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendConsentErrorPage, sendConsentPage } from '../common/consent-page-html';
import { bodyField, rawQuery, withQuery } from '../common/request-parsing';
import { accountResource, newSessionAccount } from './account-resource';
import { allAspsps, aspspLogoSvg, findAspsp, type PsuType } from './aspsps';
import { type EnableBankingContext, requireApplication } from './enable-banking-context';
import { sendError } from './enable-banking-errors';
import { type Session, sessionStatus, validUntilOf } from './enable-banking-state';

/** RFC 3339 with an explicit offset, as `access.valid_until` must be. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** A `valid_until` a little past now + maximum_consent_validity is still accepted (the caller's clock may lead). */
const VALIDITY_TOLERANCE_MS = 60_000;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

function sessionView(context: EnableBankingContext, session: Session) {
  const accounts = session.accounts.map((uid) => context.state.accounts.get(uid)!);
  return {
    status: sessionStatus(session, context.clock.now().getTime()),
    accounts: accounts.map((account) => account.uid),
    accounts_data: accounts.map((account) => ({
      uid: account.uid,
      identification_hash: account.identificationHash,
      identification_hashes: [account.identificationHash],
    })),
    aspsp: session.aspsp,
    psu_type: session.psuType,
    psu_id_hash: createHash('sha256').update(session.id).digest('hex'),
    access: {
      valid_until: validUntilOf(session, context.clock.now().getTime()),
      balances: true,
      transactions: true,
    },
    created: session.created,
    authorized: session.created,
    ...(session.closed ? { closed: session.closed } : {}),
  };
}

/**
 * GET /application, GET /aspsps, POST /auth, the bank's consent page (/welcome), POST /sessions and
 * GET/DELETE /sessions/{id}: Enable Banking's AIS authorisation flow.
 */
export function registerAuthorizationRoutes(fastify: FastifyInstance, context: EnableBankingContext): void {
  const base = () => context.options.publicBaseUrl;

  fastify.get('/application', async (request, reply) => {
    const application = await requireApplication(request, reply, context);
    if (!application) return reply;
    return {
      name: application.name ?? 'Brade',
      kid: application.id,
      environment: 'SANDBOX',
      redirect_urls: application.redirectUrls,
      active: true,
      countries: ['GB'],
      services: ['AIS'],
    };
  });

  fastify.get('/aspsps', async (request, reply) => {
    if (!(await requireApplication(request, reply, context))) return reply;
    const query = rawQuery(request);
    const country = query.get('country')?.toUpperCase();
    const psuType = query.get('psu_type');
    const aspsps = allAspsps(base()).filter(
      (aspsp) => (!country || aspsp.country === country) && (!psuType || aspsp.psu_types.includes(psuType as PsuType)),
    );
    return { aspsps };
  });

  // Public, like Enable Banking's brand images.
  fastify.get('/brands/:country/:name/', async (request, reply) => {
    const { country, name } = request.params as { country: string; name: string };
    const svg = aspspLogoSvg(country, name);
    if (!svg) return reply.code(404).send();
    return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });

  fastify.post('/auth', async (request, reply) => {
    const application = await requireApplication(request, reply, context);
    if (!application) return reply;
    const body = record(request.body);
    const access = record(body.access);
    const aspspGiven = record(body.aspsp);
    const aspsp = findAspsp(base(), aspspGiven.name, aspspGiven.country);
    if (!aspsp) return sendError(reply, 400, 'WRONG_ASPSP_PROVIDED', 'Wrong ASPSP name provided');
    if (typeof body.state !== 'string' || body.state === '') {
      return sendError(reply, 422, 'WRONG_REQUEST_PARAMETERS', 'Wrong request parameters provided', 'state');
    }
    if (typeof body.redirect_url !== 'string' || !application.redirectUrls.includes(body.redirect_url)) {
      return sendError(reply, 400, 'REDIRECT_URI_NOT_ALLOWED', 'Redirect URI not allowed');
    }
    const psuType = (body.psu_type ?? 'personal') as PsuType;
    if (!aspsp.psu_types.includes(psuType)) {
      return sendError(reply, 422, 'WRONG_REQUEST_PARAMETERS', 'Wrong request parameters provided', 'psu_type');
    }
    const validUntil = typeof access.valid_until === 'string' ? access.valid_until : '';
    const now = context.clock.now().getTime();
    const until = RFC3339.test(validUntil) ? Date.parse(validUntil) : Number.NaN;
    if (Number.isNaN(until) || until <= now) {
      return sendError(reply, 422, 'WRONG_REQUEST_PARAMETERS', 'Wrong request parameters provided', 'valid_until');
    }
    if (until > now + aspsp.maximum_consent_validity * 1000 + VALIDITY_TOLERANCE_MS) {
      return sendError(
        reply,
        422,
        'WRONG_REQUEST_PARAMETERS',
        'Wrong request parameters provided',
        `valid_until exceeds the ASPSP's maximum consent validity of ${aspsp.maximum_consent_validity} seconds`,
      );
    }
    const id = context.state.newId();
    context.state.authorizations.set(id, {
      id,
      applicationId: application.id,
      aspsp: { name: aspsp.name, country: aspsp.country },
      state: body.state,
      redirectUrl: body.redirect_url,
      validUntil: new Date(until).toISOString(),
      psuType,
      decided: false,
    });
    return {
      url: `${base()}/welcome?sessionid=${id}`,
      authorization_id: id,
      psu_id_hash: createHash('sha256').update(id).digest('hex'),
    };
  });

  // The bank's consent page: Approve returns `code` and `state`; Deny returns `error` and `error_description`.
  fastify.get('/welcome', async (request, reply) => {
    const authorization = context.state.authorizations.get(rawQuery(request).get('sessionid') ?? '');
    if (!authorization) return sendConsentErrorPage(reply, 404, 'This link is not valid.');
    if (authorization.decided) return sendConsentErrorPage(reply, 400, 'This link has already been used.');
    const until = new Date(authorization.validUntil).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    return sendConsentPage(reply, {
      title: `Connect ${authorization.aspsp.name}`,
      brand: authorization.aspsp.name,
      heading: 'Share your account information with Brade?',
      paragraphs: [
        'Brade asks to see your account details, balances and transactions.',
        `Access lasts until ${until}.`,
      ],
      action: `${base()}/welcome`,
      hidden: { sessionid: authorization.id },
    });
  });

  fastify.post('/welcome', async (request, reply) => {
    const authorization = context.state.authorizations.get(bodyField(request.body, 'sessionid') ?? '');
    if (!authorization) return sendConsentErrorPage(reply, 404, 'This link is not valid.');
    if (authorization.decided) return sendConsentErrorPage(reply, 400, 'This link has already been used.');
    authorization.decided = true;
    if (bodyField(request.body, 'decision') !== 'approve') {
      return reply.redirect(
        withQuery(authorization.redirectUrl, {
          state: authorization.state,
          error: 'access_denied',
          error_description: 'The user cancelled the authorisation at the bank.',
        }),
        302,
      );
    }
    const code = context.state.newCode(authorization.id, context.clock.now().getTime());
    return reply.redirect(withQuery(authorization.redirectUrl, { state: authorization.state, code }), 302);
  });

  fastify.post('/sessions', async (request, reply) => {
    const application = await requireApplication(request, reply, context);
    if (!application) return reply;
    const code = bodyField(request.body, 'code') ?? '';
    const grant = context.state.codes.get(code);
    const authorization = grant && context.state.authorizations.get(grant.authorizationId);
    if (!grant || !authorization || authorization.applicationId !== application.id) {
      return sendError(reply, 400, 'WRONG_AUTHORIZATION_CODE', 'Wrong authorization code provided');
    }
    if (grant.sessionId) return sendError(reply, 400, 'ALREADY_AUTHORIZED', 'Session is already authorized');
    const now = context.clock.now();
    if (grant.expiresAt <= now.getTime()) {
      return sendError(reply, 400, 'EXPIRED_AUTHORIZATION_CODE', 'Authorization code is expired');
    }
    const aspsp = findAspsp(base(), authorization.aspsp.name, authorization.aspsp.country)!;
    const session: Session = {
      id: context.state.newId(),
      applicationId: application.id,
      aspsp: authorization.aspsp,
      psuType: authorization.psuType,
      validUntil: authorization.validUntil,
      status: 'AUTHORIZED',
      forcedExpired: false,
      created: now.toISOString(),
      closed: null,
      accounts: [],
    };
    const account = newSessionAccount(context, session.id, { ...authorization.aspsp, bic: aspsp.bic });
    context.state.accounts.set(account.uid, account);
    session.accounts.push(account.uid);
    context.state.sessions.set(session.id, session);
    grant.sessionId = session.id;
    return {
      session_id: session.id,
      accounts: [accountResource(context, account, aspsp.name)],
      aspsp: session.aspsp,
      psu_type: session.psuType,
      access: { valid_until: session.validUntil, balances: true, transactions: true },
    };
  });

  const ownSession = async (request: Parameters<typeof requireApplication>[0], reply: FastifyReply) => {
    const application = await requireApplication(request, reply, context);
    if (!application) return null;
    const session = context.state.sessions.get((request.params as { id: string }).id);
    if (!session || session.applicationId !== application.id) {
      sendError(reply, 404, 'SESSION_DOES_NOT_EXIST', 'Session does not exist');
      return null;
    }
    return session;
  };

  fastify.get('/sessions/:id', async (request, reply) => {
    const session = await ownSession(request, reply);
    return session ? sessionView(context, session) : reply;
  });

  // Closing the session closes the owner's consent at the bank too.
  fastify.delete('/sessions/:id', async (request, reply) => {
    const session = await ownSession(request, reply);
    if (!session) return reply;
    if (session.status === 'AUTHORIZED') {
      session.status = 'CLOSED';
      session.closed = context.clock.now().toISOString();
    }
    return { message: 'OK' };
  });
}
