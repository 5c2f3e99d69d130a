import { IdParamsSchema } from '../auth/schemas.js';
import type { CardProcessor } from '../integrations/processors.js';
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
    method: 'POST',
    path: '/api/integrations/authorization-url',
    auth: 'session',
    body: AuthorizationUrlRequestSchema,
    answer: AuthorizationUrlResponseSchema,
  },
  /** Onboarding's Stripe return: the spec's `code` (no id). */
  stripeAccessToken: {
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
    method: 'GET',
    path: '/api/gocardless/choose-a-bank',
    auth: 'session',
    answer: BankListResponseSchema,
  },
  buildABankLink: {
    method: 'POST',
    path: '/api/gocardless/build-a-link',
    auth: 'session',
    body: BuildBankLinkRequestSchema,
    answer: BuildBankLinkResponseSchema,
  },
  recordBankTransactions: {
    method: 'POST',
    path: '/api/gocardless/record-bank-transactions',
    auth: 'session',
    body: RecordBankTransactionsRequestSchema,
    answer: ConnectedResponseSchema,
  },
  getAccessTokens: {
    method: 'GET',
    path: '/api/database/get-access-tokens/:id',
    auth: 'session',
    params: IdParamsSchema,
    answer: AccessTokensResponseSchema,
  },
  syncStatus: {
    method: 'GET',
    path: '/api/integrations/sync-status/:id',
    auth: 'session',
    params: IdParamsSchema,
    answer: SyncStatusResponseSchema,
  },
  /** Beyond the spec: the business bank balance the last import read. */
  getCashInTheBank: {
    method: 'GET',
    path: '/api/database/get-cash-in-the-bank/:id',
    auth: 'session',
    params: IdParamsSchema,
    answer: CashInTheBankResponseSchema,
  },
  deleteTokens: {
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
