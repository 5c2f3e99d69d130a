import { loadDescription, loadStripeFixtures } from './openapi-validator';

/**
 * The providers' own example responses (README.md): the adapters' transform tests run on these as well as on
 * JSON recorded from the simulators, so a misunderstanding mirrored in both still shows.
 */
export function squareExample(schema: 'ListPaymentsResponse' | 'ListPaymentRefundsResponse' | 'ListPayoutsResponse') {
  return structuredClone(loadDescription('square-openapi').components.schemas[schema]!.example) as Record<
    string,
    unknown
  >;
}

/** SumUp's example history page (its 200 response of GET /v2.1/merchants/{merchant_code}/transactions/history). */
export function sumupHistoryExample() {
  const operation =
    loadDescription('sumup-openapi').paths['/v2.1/merchants/{merchant_code}/transactions/history']!.get!;
  const content = operation.responses['200']!.content!['application/json'] as { example: Record<string, unknown> };
  return structuredClone(content.example);
}

export function stripeExample(resource: 'balance_transaction' | 'charge' | 'refund' | 'payout') {
  return structuredClone(loadStripeFixtures().resources[resource]!);
}
