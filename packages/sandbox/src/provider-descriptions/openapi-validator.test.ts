import { describe, expect, it } from 'vitest';
import { loadDescription, operationResponse, responseValidator } from './openapi-validator';

const square = loadDescription('square-openapi');
const sumup = loadDescription('sumup-openapi');
const payments = responseValidator(square, operationResponse(square, '/v2/payments', 'get', '200'), {
  Payment: ['id', 'status'],
});
const history = responseValidator(
  sumup,
  operationResponse(sumup, '/v2.1/merchants/{merchant_code}/transactions/history', 'get', '200'),
  { TransactionHistory: ['transaction_code'] },
);
const payment = { id: 'p1', status: 'COMPLETED', amount_money: { amount: 100, currency: 'GBP' } };

describe('the strict validator the conformance tests use', () => {
  it('passes a body that keeps to the published schema, nulls where OpenAPI allows them', () => {
    expect(payments({ payments: [payment], cursor: 'c' })).toEqual([]);
    expect(
      history({ items: [{ transaction_code: 'T1', amount: 1.5, currency: 'GBP', status: 'SUCCESSFUL' }], links: [] }),
    ).toEqual([]);
  });

  it('fails an unknown property, at the top, nested, and inside an allOf composition', () => {
    expect(payments({ payments: [{ ...payment, colour: 'red' }] })).toEqual([
      expect.stringContaining('/payments/0 must NOT have unevaluated properties'),
    ]);
    expect(payments({ payments: [{ ...payment, amount_money: { ...payment.amount_money, pence: 1 } }] })).toHaveLength(
      1,
    );
    expect(history({ items: [{ transaction_code: 'T1', colour: 'red' }], links: [] })).toEqual([
      expect.stringContaining('unevaluated'),
    ]);
  });

  it('fails a field the adapter reads when it is missing, and a wrong type', () => {
    expect(payments({ payments: [{ status: 'COMPLETED' }] })).toEqual([
      expect.stringContaining("required property 'id'"),
    ]);
    expect(history({ items: [{ amount: 1 }], links: [] })).toEqual([expect.stringContaining('transaction_code')]);
    expect(payments({ payments: [{ ...payment, amount_money: { amount: '1.00' } }] })).not.toEqual([]);
  });
});
