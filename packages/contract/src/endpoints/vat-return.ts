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
    summary: "The owner's VAT obligations at HMRC: open, due and filed periods",
    operationId: 'vatObligations',
    errors: [409, 422, 502, 503],
    method: 'POST',
    path: '/api/hmrc/vat/obligations/:id',
    auth: 'session',
    params,
    body: VatObligationsRequestSchema,
    answer: VatObligationsResponseSchema,
  },
  draft: {
    summary: 'The nine boxes of a VAT return worked out from the books for one period',
    operationId: 'draftVatReturn',
    errors: [409, 422, 502, 503],
    method: 'POST',
    path: '/api/hmrc/vat/return/:id',
    auth: 'session',
    params,
    body: VatReturnRequestSchema,
    answer: VatReturnDraftSchema,
  },
  boxTransactions: {
    summary: 'The transactions behind one box of a VAT return',
    operationId: 'vatBoxTransactions',
    method: 'POST',
    path: '/api/hmrc/vat/box-transactions/:id',
    auth: 'session',
    params,
    body: VatBoxTransactionsRequestSchema,
    answer: VatBoxTransactionsResponseSchema,
  },
  submit: {
    summary: "Files a VAT return with HMRC after the owner's declaration, once per period",
    operationId: 'submitVatReturn',
    errors: [403, 409, 422, 502, 503],
    method: 'POST',
    path: '/api/hmrc/vat/submit/:id',
    auth: 'session',
    params,
    body: SubmitVatReturnRequestSchema,
    answer: SubmitVatReturnResponseSchema,
  },
  viewReturn: {
    summary: 'A filed VAT return as HMRC holds it',
    operationId: 'viewVatReturn',
    errors: [409, 422, 502, 503],
    method: 'POST',
    path: '/api/hmrc/vat/view-return/:id',
    auth: 'session',
    params,
    body: ViewVatReturnRequestSchema,
    answer: ViewVatReturnResponseSchema,
  },
  pastReturns: {
    summary: 'The VAT returns filed from Brade, with their receipts',
    operationId: 'pastVatReturns',
    method: 'GET',
    path: '/api/hmrc/vat/returns/:id',
    auth: 'session',
    params,
    answer: PastVatReturnsResponseSchema,
  },
});
