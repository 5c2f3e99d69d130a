import { IdParamsSchema } from '../auth/schemas.js';
import {
  PastVatReturnsResponseSchema,
  SubmitVatReturnRequestSchema,
  SubmitVatReturnResponseSchema,
  VatBoxTransactionsRequestSchema,
  VatBoxTransactionsResponseSchema,
  VatObligationsRequestSchema,
  VatObligationsResponseSchema,
  VatReturnDraftSchema,
  VatReturnRequestSchema,
  ViewVatReturnRequestSchema,
  ViewVatReturnResponseSchema,
} from '../hmrc/vat-return.js';
import { endpoints } from './endpoint.js';

const params = IdParamsSchema;

/** The VAT return from the books, filed with HMRC (beyond the spec; docs/hmrc.md, "VAT"). */
export const VAT_RETURN_ENDPOINTS = endpoints('vat-return', {
  obligations: {
    method: 'POST',
    path: '/api/hmrc/vat/obligations/:id',
    auth: 'session',
    params,
    body: VatObligationsRequestSchema,
    answer: VatObligationsResponseSchema,
  },
  draft: {
    method: 'POST',
    path: '/api/hmrc/vat/return/:id',
    auth: 'session',
    params,
    body: VatReturnRequestSchema,
    answer: VatReturnDraftSchema,
  },
  boxTransactions: {
    method: 'POST',
    path: '/api/hmrc/vat/box-transactions/:id',
    auth: 'session',
    params,
    body: VatBoxTransactionsRequestSchema,
    answer: VatBoxTransactionsResponseSchema,
  },
  submit: {
    method: 'POST',
    path: '/api/hmrc/vat/submit/:id',
    auth: 'session',
    params,
    body: SubmitVatReturnRequestSchema,
    answer: SubmitVatReturnResponseSchema,
  },
  viewReturn: {
    method: 'POST',
    path: '/api/hmrc/vat/view-return/:id',
    auth: 'session',
    params,
    body: ViewVatReturnRequestSchema,
    answer: ViewVatReturnResponseSchema,
  },
  pastReturns: {
    method: 'GET',
    path: '/api/hmrc/vat/returns/:id',
    auth: 'session',
    params,
    answer: PastVatReturnsResponseSchema,
  },
});
