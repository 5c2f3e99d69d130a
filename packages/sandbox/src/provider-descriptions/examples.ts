import { loadDescription, loadStripeFixtures } from './openapi-validator';

/**
 * The providers' own example responses (README.md): the adapters' transform tests run on these as well as on
 * JSON recorded from the simulators, so a misunderstanding mirrored in both still shows.
 */
export function squareExample(
  schema:
    | 'ListPaymentsResponse'
    | 'ListPaymentRefundsResponse'
    | 'ListPayoutsResponse'
    | 'BatchRetrieveOrdersResponse'
    | 'SearchTeamMembersResponse',
) {
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

/**
 * SumUp's own example product (its `Product` schema's example values): the detail example it publishes has no
 * products, so the transform test builds one from the values SumUp gives for each field.
 */
export function sumupProductExample() {
  const product = loadDescription('sumup-openapi').components.schemas.Product as {
    properties: Record<string, { example?: unknown }>;
  };
  return Object.fromEntries(Object.entries(product.properties).map(([name, field]) => [name, field.example]));
}

/** SumUp's example detail answer (its 200 response of GET /v2.1/merchants/{merchant_code}/transactions). */
export function sumupDetailExample() {
  const operation = loadDescription('sumup-openapi').paths['/v2.1/merchants/{merchant_code}/transactions']!.get!;
  const content = operation.responses['200']!.content!['application/json'] as { example: Record<string, unknown> };
  return structuredClone(content.example);
}

export function stripeExample(resource: 'balance_transaction' | 'charge' | 'refund' | 'payout') {
  return structuredClone(loadStripeFixtures().resources[resource]!);
}
