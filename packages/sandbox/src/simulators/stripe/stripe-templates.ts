import descriptions from '../../provider-descriptions/stripe-fixtures.subset.json' with { type: 'json' };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const EXAMPLES = descriptions.resources as unknown as Record<StripeResource, JsonObject>;
export type StripeResource = 'balance_transaction' | 'charge' | 'refund' | 'payout' | 'account';

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * What a field the simulator does not set reads as: Stripe's example shows every field of the resource, and a
 * field that does not apply is null (a flag keeps the example's false, a list is empty, metadata is empty).
 */
function unset(name: string, example: Json): Json {
  if (name === 'object') return example;
  if (name === 'metadata') return {};
  if (typeof example === 'boolean') return example;
  if (Array.isArray(example)) return [];
  return null;
}

function fill(example: JsonObject, values: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [name, exampleValue] of Object.entries(example)) {
    if (!(name in values)) out[name] = unset(name, exampleValue);
    else {
      const value = values[name]!;
      out[name] = isObject(value) && isObject(exampleValue) && name !== 'metadata' ? fill(exampleValue, value) : value;
    }
  }
  // A field Stripe's example lacks is kept, so the conformance test (provider-descriptions/) reports it.
  for (const [name, value] of Object.entries(values)) if (!(name in out)) out[name] = value;
  return out;
}

/**
 * A Stripe object built on Stripe's own example of its resource (stripe/openapi fixtures3.json, MIT): the same
 * fields in the same nesting, with the simulator's values where it has them and the example's neutral rest.
 */
export function stripeObject(resource: StripeResource, values: Record<string, unknown>): Record<string, unknown> {
  return fill(EXAMPLES[resource], values as JsonObject);
}
