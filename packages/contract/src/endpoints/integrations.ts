import { IdParamsSchema } from '../auth/schemas.js';
import { type CardProcessor, PROCESSOR_NAMES } from '../integrations/processors.js';
import {
  AccessTokensResponseSchema,
  AuthorizationUrlRequestSchema,
  AuthorizationUrlResponseSchema,
  BankListResponseSchema,
  BuildBankLinkRequestSchema,
  BuildBankLinkResponseSchema,
  CashInTheBankResponseSchema,
  ConnectedResponseSchema,
  DeleteTokensRequestSchema,
  DeleteTokensResponseSchema,
  RecordBankTransactionsRequestSchema,
  RecordCardTransactionsRequestSchema,
  StripeAccessTokenRequestSchema,
  SyncStatusResponseSchema,
} from '../integrations/schemas.js';
import { endpoints } from './endpoint.js';

const recordCard = <P extends CardProcessor>(processor: P) =>
  ({
    summary: `Connects ${PROCESSOR_NAMES[processor]} with the code and state its consent page returned, and queues its import`,
    errors: [403, 502],
    method: 'POST',
    path: `/api/${processor}/record-${processor}-transactions`,
    auth: 'session',
    body: RecordCardTransactionsRequestSchema,
    answer: ConnectedResponseSchema,
  }) as const;

/**
 * The provider calls of docs/product.md ("The calls"), the authorisation-URL call and sync status
 * (docs/architecture.md, "The API's conventions" and "How an import flows").
 */
export const INTEGRATION_ENDPOINTS = endpoints('integrations', {
  authorizationUrl: {
    summary: "A card processor's consent URL and the state of this connect attempt",
    errors: [403],
    method: 'POST',
    path: '/api/integrations/authorization-url',
    auth: 'session',
    body: AuthorizationUrlRequestSchema,
    answer: AuthorizationUrlResponseSchema,
  },
  /** Onboarding's Stripe return: the spec's `code` (no id). */
  stripeAccessToken: {
    summary: 'Connects Stripe with the code and state its consent page returned',
    errors: [403, 502],
    method: 'POST',
    path: '/api/stripe/get_access_token',
    auth: 'session',
    body: StripeAccessTokenRequestSchema,
    answer: ConnectedResponseSchema,
  },
  recordStripeTransactions: recordCard('stripe'),
  recordSquareTransactions: recordCard('square'),
  recordSumupTransactions: recordCard('sumup'),
  chooseABank: {
    summary: 'The banks the owner may connect',
    errors: [502],
    method: 'GET',
    path: '/api/gocardless/choose-a-bank',
    auth: 'session',
    answer: BankListResponseSchema,
  },
  buildABankLink: {
    summary: "Starts a bank connection: the bank's consent link",
    errors: [403, 502],
    method: 'POST',
    path: '/api/gocardless/build-a-link',
    auth: 'session',
    body: BuildBankLinkRequestSchema,
    answer: BuildBankLinkResponseSchema,
  },
  recordBankTransactions: {
    summary: 'Connects the bank the owner consented to and queues its import',
    errors: [403, 502],
    method: 'POST',
    path: '/api/gocardless/record-bank-transactions',
    auth: 'session',
    body: RecordBankTransactionsRequestSchema,
    answer: ConnectedResponseSchema,
  },
  getAccessTokens: {
    summary: 'Which processors and banks the owner has connected (never the credentials)',
    method: 'GET',
    path: '/api/database/get-access-tokens/:id',
    auth: 'session',
    params: IdParamsSchema,
    answer: AccessTokensResponseSchema,
  },
  syncStatus: {
    summary: "Each connection's import state, last import and last error",
    method: 'GET',
    path: '/api/integrations/sync-status/:id',
    auth: 'session',
    params: IdParamsSchema,
    answer: SyncStatusResponseSchema,
  },
  /** Beyond the spec: the business bank balance the last import read. */
  getCashInTheBank: {
    summary: 'The business bank balance the last import read',
    method: 'GET',
    path: '/api/database/get-cash-in-the-bank/:id',
    auth: 'session',
    params: IdParamsSchema,
    answer: CashInTheBankResponseSchema,
  },
  deleteTokens: {
    summary: 'Disconnects a processor or the bank, keeping the imported history',
    errors: [403],
    method: 'POST',
    path: '/api/database/delete-tokens',
    auth: 'session',
    body: DeleteTokensRequestSchema,
    answer: DeleteTokensResponseSchema,
  },
});

/** Each card processor's record-transactions call (docs/product.md, "The calls": `/api/<processor>/record-<processor>-transactions`). */
export const RECORD_CARD_ENDPOINTS = {
  stripe: INTEGRATION_ENDPOINTS.recordStripeTransactions,
  square: INTEGRATION_ENDPOINTS.recordSquareTransactions,
  sumup: INTEGRATION_ENDPOINTS.recordSumupTransactions,
} as const satisfies Record<CardProcessor, unknown>;
