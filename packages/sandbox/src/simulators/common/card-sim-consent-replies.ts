import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONSENT_PAGE_CSP, renderErrorPage, withQuery } from './card-sim-consent-page';
import { field } from './card-sim-http';

/** The consent page as the card providers serve it: HTML under a strict CSP, never framed, never cached. */
export function sendConsentPage(reply: FastifyReply, html: string): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header('Content-Security-Policy', CONSENT_PAGE_CSP)
    .header('X-Frame-Options', 'DENY')
    .header('Cache-Control', 'no-store')
    .send(html);
}

/** A request the provider will not send back to the app (bad client, redirect or state): a 400 page. */
export function sendConsentError(reply: FastifyReply, provider: string, message: string): FastifyReply {
  return reply
    .status(400)
    .type('text/html; charset=utf-8')
    .header('Content-Security-Policy', CONSENT_PAGE_CSP)
    .send(renderErrorPage(provider, message));
}

interface PendingConsent {
  id: string;
  redirectUri: string;
  state: string | undefined;
  expiresAt: number;
}

/**
 * The consent form's answer, the same at every card provider: an unknown or expired request gets an error page,
 * Deny goes back to the app with `error=access_denied` (in the provider's own words), Approve hands over the
 * pending request and the e-mail typed (it picks the sandbox merchant). Returns null once it has replied.
 */
export function takeConsentAnswer<P extends PendingConsent>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { pending: Map<string, P>; nowMs: number; provider: string; deniedDescription: string },
): { pending: P; login: string } | null {
  const pending = options.pending.get(field(request.body, 'request_id') ?? '');
  if (!pending || pending.expiresAt < options.nowMs) {
    sendConsentError(
      reply,
      options.provider,
      'This authorization request has expired. Please start again from the application.',
    );
    return null;
  }
  options.pending.delete(pending.id);
  if (field(request.body, 'decision') !== 'approve') {
    reply.redirect(
      withQuery(pending.redirectUri, {
        error: 'access_denied',
        error_description: options.deniedDescription,
        state: pending.state,
      }),
      302,
    );
    return null;
  }
  return { pending, login: field(request.body, 'login')?.trim() || 'owner@salon.example' };
}
