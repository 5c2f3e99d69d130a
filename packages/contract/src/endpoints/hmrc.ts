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
    method: 'POST',
    path: '/api/hmrc/authorization-url',
    auth: 'session',
    body: HmrcAuthorizationUrlRequestSchema,
    answer: HmrcAuthorizationUrlResponseSchema,
  },
  connect: {
    method: 'POST',
    path: '/api/hmrc/connect',
    auth: 'session',
    body: HmrcConnectRequestSchema,
    answer: HmrcConnectionResponseSchema,
  },
  connection: {
    method: 'GET',
    path: '/api/hmrc/connection/:id',
    auth: 'session',
    params: IdParamsSchema,
    answer: HmrcConnectionResponseSchema,
  },
  disconnect: {
    method: 'POST',
    path: '/api/hmrc/disconnect',
    auth: 'session',
    body: HmrcDisconnectRequestSchema,
    answer: HmrcDisconnectResponseSchema,
  },
});
