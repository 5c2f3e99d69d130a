import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * docs/security-decisions.md, "HTTP headers": a CSP with no inline scripts (Emotion needs inline styles), no framing,
 * nosniff, a strict referrer policy, HSTS, and COOP that still lets a page keep its provider pop-up handle.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
    frameguard: { action: 'deny' },
    xXssProtection: false,
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-xss-protection', '0');
  });
}
