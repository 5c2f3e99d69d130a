import { z } from 'zod';
import { IdParamsSchema } from '../auth/schemas.js';
import { lazy } from '../lazy.js';

/**
 * The owner's connection to HMRC (docs/hmrc.md, "Connecting"): one per owner, whatever HMRC services it covers. A
 * service is a set of HMRC's OAuth scopes; connecting asks for every scope Brade's HMRC features need, so one grant
 * serves them all.
 */
export const HMRC_SERVICES = {
  vat: { name: 'VAT', scopes: ['read:vat', 'write:vat'] },
  incomeTax: { name: 'Income Tax', scopes: ['read:self-assessment', 'write:self-assessment'] },
} as const;
export type HmrcService = keyof typeof HMRC_SERVICES;

export const HMRC_MESSAGES = {
  notConnected: 'Brade is not connected to HMRC. Connect HMRC in Settings → Integrations first.',
  reconnect:
    'HMRC no longer accepts Brade’s authority (it lasts 18 months, and you can remove it at HMRC). Connect HMRC again.',
  unavailable: 'HMRC is not available on this server.',
  notAnswering: 'HMRC is not answering right now. Please try again shortly.',
  busy: 'HMRC has had too many requests from Brade just now. Please try again in a minute.',
  disconnected: 'Disconnected from HMRC. Brade keeps the returns already filed.',
  connectFailed: 'HMRC did not grant Brade authority. Please connect again.',
  alreadyDisconnected: 'HMRC is not connected.',
  cardTitle: 'HMRC (VAT)',
} as const;

export const HmrcConnectionSchema = lazy(() =>
  z.object({
    status: z.enum(['connected', 'not_connected', 'needs_reconnect']),
    /** When the owner granted authority (null when not connected). */
    since: z.string().nullable(),
    /** The scopes HMRC granted. */
    scopes: z.array(z.string()),
    /** Until when HMRC lets Brade renew its access without the owner (18 months from the grant). */
    renew_until: z.string().nullable(),
    /** Served by the local HMRC simulator. */
    sandbox: z.boolean(),
    /** Why the connection stopped working, in words, when it did. */
    problem: z.string().nullable(),
  }),
);
export type HmrcConnection = z.infer<typeof HmrcConnectionSchema>;
export const HmrcConnectionResponseSchema = lazy(() => z.object({ connection: HmrcConnectionSchema }));

export const HmrcAuthorizationUrlRequestSchema = lazy(() => z.object({ id: IdParamsSchema.shape.id }));
export const HmrcAuthorizationUrlResponseSchema = lazy(() => z.object({ url: z.string(), state: z.string() }));

const oauthText = lazy(() => z.string().min(1).max(2048));

/** What /hmrc-redirect posts: HMRC's `code` and `state`, or its `error` when the owner declined. */
export const HmrcConnectRequestSchema = lazy(() =>
  z
    .object({
      id: IdParamsSchema.shape.id,
      state: oauthText,
      code: oauthText.optional(),
      error: z.string().max(200).optional(),
    })
    .refine((body) => body.code !== undefined || body.error !== undefined, {
      message: HMRC_MESSAGES.connectFailed,
      path: ['code'],
    }),
);

export const HmrcDisconnectRequestSchema = lazy(() => z.object({ id: IdParamsSchema.shape.id }));
export const HmrcDisconnectResponseSchema = lazy(() =>
  z.object({ connection: HmrcConnectionSchema, message: z.string() }),
);

/** The pop-up's signal to the page that opened it: a done/failed word only, as the other providers' pop-ups. */
export const HMRC_CONNECT_CHANNEL = 'brade-hmrc-connect';
export type HmrcConnectMessage = { type: 'HMRC_CONNECT_SUCCESS' } | { type: 'HMRC_CONNECT_ERROR' };
