import { IdParamsSchema } from '../auth/schemas.js';
import {
  HmrcAuthorizationUrlRequestSchema,
  HmrcAuthorizationUrlResponseSchema,
  HmrcConnectionResponseSchema,
  HmrcConnectRequestSchema,
  HmrcDisconnectRequestSchema,
  HmrcDisconnectResponseSchema,
} from '../hmrc/connection.js';
import { endpoints } from './endpoint.js';

/**
 * The owner's connection to HMRC (beyond the spec; docs/hmrc.md, "Connecting"): one grant of authority that every
 * HMRC feature of Brade uses.
 */
export const HMRC_ENDPOINTS = endpoints('hmrc', {
  authorizationUrl: {
    summary: "HMRC's grant-authority address for this owner, and the state of this connect attempt",
    errors: [403],
    operationId: 'hmrcAuthorizationUrl',
    method: 'POST',
    path: '/api/hmrc/authorization-url',
    auth: 'session',
    body: HmrcAuthorizationUrlRequestSchema,
    answer: HmrcAuthorizationUrlResponseSchema,
  },
  connect: {
    summary: 'Connects HMRC with the code and state its grant-authority page returned',
    operationId: 'connectHmrc',
    errors: [403, 502, 503],
    method: 'POST',
    path: '/api/hmrc/connect',
    auth: 'session',
    body: HmrcConnectRequestSchema,
    answer: HmrcConnectionResponseSchema,
  },
  connection: {
    summary: "The owner's HMRC connection: connected or not, and what it was granted",
    operationId: 'hmrcConnection',
    method: 'GET',
    path: '/api/hmrc/connection/:id',
    auth: 'session',
    params: IdParamsSchema,
    answer: HmrcConnectionResponseSchema,
  },
  disconnect: {
    summary: 'Disconnects HMRC, forgetting its grant',
    errors: [403],
    operationId: 'disconnectHmrc',
    method: 'POST',
    path: '/api/hmrc/disconnect',
    auth: 'session',
    body: HmrcDisconnectRequestSchema,
    answer: HmrcDisconnectResponseSchema,
  },
});
