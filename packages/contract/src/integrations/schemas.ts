import { z } from 'zod';
import { lazy } from '../lazy.js';
import { BANK_PROCESSOR, CARD_PROCESSORS, CONNECTABLE_PROCESSORS, type ConnectableProcessor } from './processors.js';

export const CardProcessorSchema = lazy(() =>
  z.enum(CARD_PROCESSORS, {
    error: 'Unknown POS selected. Please try again.',
  }),
);
export const ConnectableProcessorSchema = lazy(() =>
  z.enum(CONNECTABLE_PROCESSORS, {
    error: 'Unknown provider. Choose stripe, square, sumup or gocardless.',
  }),
);

/**
 * - connected: importing on schedule.
 * - needs_reconnect: the token was revoked or the bank consent expired; history is kept, the owner must connect again.
 * - disconnected: the owner disconnected it; history is kept, nothing is imported.
 */
export const ConnectionStatusSchema = lazy(() => z.enum(['connected', 'needs_reconnect', 'disconnected']));
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>;

export const SyncStateSchema = lazy(() => z.enum(['idle', 'queued', 'running', 'failed', 'waiting']));
export type SyncState = z.infer<typeof SyncStateSchema>;

/** What the browser may know of a connection: its state and sync progress, never a token. */
export const ConnectionSummarySchema = lazy(() =>
  z.object({
    processor: z.enum(CONNECTABLE_PROCESSORS),
    status: ConnectionStatusSchema,
    /** True when this connection talks to the local simulator (docs/architecture.md, "Modes": the "Sandbox" badge). */
    sandbox: z.boolean(),
    /** When the current connection was made (ISO 8601). */
    since: z.string().nullable(),
    /** When the last import run finished successfully (ISO 8601). */
    last_sync: z.string().nullable(),
    /** When the next scheduled import may run (ISO 8601). */
    next_sync: z.string().nullable(),
    sync: z.object({
      state: SyncStateSchema,
      /** Transactions imported by the current or last run. */
      imported: z.number().int().nonnegative(),
      /** The last failure in words, for the owner; null when the last run succeeded. */
      last_error: z.string().nullable(),
    }),
    /**
     * How much history is in: `complete` once the first import has finished and no older history is still to come.
     * Imports that bring recent months first (the demo's) have `recent_from` (ISO 8601) while older months are still
     * arriving: the history from then on is in, before it still changes; back to `from` (ISO 8601; null: the server's
     * default window). A first import that has not finished yet (`last_sync` null) may still change any period.
     */
    history: z
      .object({ from: z.string().nullable(), complete: z.boolean(), recent_from: z.string().nullable().optional() })
      .optional(),
    /** Bank only: when the consent ends (ISO 8601). */
    consent_expires_at: z.string().nullable(),
    /** Bank only: the bank's name. */
    institution: z.string().nullable(),
    /** Bank only: the bank's id in the bank list (Settings' Reconnect asks for a new consent at the same bank). */
    institution_id: z.string().nullable(),
  }),
);
export type ConnectionSummary = z.infer<typeof ConnectionSummarySchema>;

/**
 * GET /api/database/get-access-tokens/{id}: the two maps of docs/product.md ("What the app keeps"), keyed by processor;
 * values describe.
 */
export const AccessTokensResponseSchema = lazy(() =>
  z.object({
    sales_access_tokens: z.partialRecord(z.enum(CARD_PROCESSORS), ConnectionSummarySchema),
    expenses_access_tokens: z.partialRecord(z.enum([BANK_PROCESSOR]), ConnectionSummarySchema),
  }),
);
export type AccessTokensResponse = z.infer<typeof AccessTokensResponseSchema>;

/** GET /api/integrations/sync-status/{id}: every connection the owner has ever made. */
export const SyncStatusResponseSchema = lazy(() => z.object({ connections: z.array(ConnectionSummarySchema) }));
export type SyncStatusResponse = z.infer<typeof SyncStatusResponseSchema>;

/** POST /api/integrations/authorization-url: where the pop-up goes; `state` also sits in the URL. */
export const AuthorizationUrlRequestSchema = lazy(() => z.object({ id: z.uuid(), processor: CardProcessorSchema }));
export const AuthorizationUrlResponseSchema = lazy(() =>
  z.object({ url: z.string().min(1), state: z.string().min(1) }),
);
export type AuthorizationUrlResponse = z.infer<typeof AuthorizationUrlResponseSchema>;

const code = lazy(() => z.string().trim().min(1, 'The authorisation code is missing.').max(2048));
const state = lazy(() => z.string().trim().min(1, 'The connection state is missing.').max(256));

/** POST /api/stripe/get_access_token (onboarding): spec payload `code`, plus the `state` it was issued with. */
export const StripeAccessTokenRequestSchema = lazy(() => z.object({ code, state }));
/**
 * POST /api/<processor>/record-<processor>-transactions: spec payload `id, code`, plus `state`, and for SumUp the
 * `merchant_code` of its return (beyond the spec: with the spec's `transactions.history` scope alone SumUp answers
 * no call that names the merchant, docs/sandbox.md).
 */
export const RecordCardTransactionsRequestSchema = lazy(() =>
  z.object({
    id: z.uuid(),
    code,
    state,
    merchant_code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,32}$/, 'The SumUp merchant code is not valid.')
      .optional(),
  }),
);
export const ConnectedResponseSchema = lazy(() => z.object({ connection: ConnectionSummarySchema }));
export type ConnectedResponse = z.infer<typeof ConnectedResponseSchema>;

export const BankSchema = lazy(() => z.object({ id: z.string().min(1), name: z.string().min(1) }));
export type Bank = z.infer<typeof BankSchema>;
/** GET /api/gocardless/choose-a-bank. */
export const BankListResponseSchema = lazy(() => z.object({ banks: z.array(BankSchema) }));
export type BankListResponse = z.infer<typeof BankListResponseSchema>;

/** POST /api/gocardless/build-a-link: spec payload; `redirect` must be this app's own /gocardless-redirect. */
export const BuildBankLinkRequestSchema = lazy(() =>
  z.object({
    user_id: z.uuid(),
    institution_id: z.string().trim().min(1, 'Please select the bank you wish to connect.').max(128),
    redirect: z.string().trim().min(1).max(2048),
  }),
);
export const BuildBankLinkResponseSchema = lazy(() =>
  z.object({
    requisition: z.object({ id: z.string().min(1), link: z.string().min(1) }),
  }),
);
export type BuildBankLinkResponse = z.infer<typeof BuildBankLinkResponseSchema>;

/**
 * POST /api/gocardless/record-bank-transactions: spec payload `id, requisition_id` (Brade's connect attempt), plus
 * what the bank's redirect carried: the state (GoCardless sends it as `ref`, Enable Banking as `state`), Enable
 * Banking's `code`, or the `error` of a refusal at the bank.
 */
export const RecordBankTransactionsRequestSchema = lazy(() =>
  z
    .object({
      id: z.uuid(),
      requisition_id: z.string().trim().min(1, 'The bank requisition id is missing.').max(128),
      state: state.optional(),
      ref: state.optional(),
      code: code.optional(),
      error: z.string().trim().min(1).max(256).optional(),
      error_description: z.string().max(1024).optional(),
    })
    .refine((body) => body.state !== undefined || body.ref !== undefined, {
      message: 'The connection state is missing.',
      path: ['state'],
    }),
);

const cash = lazy(() => ({
  /** Booked balance in pounds (what has cleared). */
  booked: z.number(),
  /** Available balance in pounds; null when the bank gives none. */
  available: z.number().nullable(),
  /** The day the bank says the balance is for (YYYY-MM-DD), when it says. */
  balance_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  /** When Brade read it from the bank (ISO 8601). */
  read_at: z.iso.datetime(),
}));

/**
 * GET /api/database/get-cash-in-the-bank/{id} (beyond the spec): the business bank balance the last import read,
 * added up over the owner's sterling accounts; null when no bank balance has been read.
 */
export const CashInTheBankResponseSchema = lazy(() =>
  z.object({
    cash_in_the_bank: z
      .object({ ...cash, currency: z.literal('GBP'), accounts: z.array(z.object({ ...cash, currency: z.string() })) })
      .nullable(),
  }),
);
export type CashInTheBankResponse = z.infer<typeof CashInTheBankResponseSchema>;

/** POST /api/database/delete-tokens. */
export const DeleteTokensRequestSchema = lazy(() => z.object({ id: z.uuid(), processor: ConnectableProcessorSchema }));
export const DeleteTokensResponseSchema = lazy(() => z.object({ connection: ConnectionSummarySchema }));

/**
 * The pop-up's message to its opener (docs/architecture.md, "How an import flows"): a done/failed signal only, never a
 * code or token.
 */
export type ConnectMessageType = `${Uppercase<ConnectableProcessor>}_CONNECT_${'SUCCESS' | 'ERROR'}`;
/**
 * Why a connection failed, as one of a few fixed words (never provider text): the owner declined at the provider,
 * the attempt was stale or not this browser's, the server refused the return, or the provider could not be reached.
 */
export const CONNECT_FAILURES = ['denied', 'expired', 'refused', 'unreachable'] as const;
export type ConnectFailure = (typeof CONNECT_FAILURES)[number];
export interface ConnectMessage {
  type: ConnectMessageType;
  processor: ConnectableProcessor;
  /** On an error only. */
  reason?: ConnectFailure;
}
/** Same-origin BroadcastChannel that also carries ConnectMessage (survives a lost window.opener). */
export const CONNECT_CHANNEL = 'brade-connect';
export const POPUP_SIZE = { width: 600, height: 600 } as const;
