import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fromSchema } from '@openapi-contrib/openapi-schema-to-json-schema';
import Ajv2019, { type ErrorObject } from 'ajv/dist/2019';

type Schema = Record<string, unknown>;

interface OpenApiSubset {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema?: Schema }> }> }>
  >;
  components: { schemas: Record<string, Schema> };
}

/** One of the providers' published descriptions kept in this folder (README.md says where each came from). */
export function loadDescription(name: 'square-openapi' | 'sumup-openapi'): OpenApiSubset {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, `${name}.subset.json`), 'utf8'));
}

export function loadStripeFixtures(): { resources: Record<string, Record<string, unknown>> } {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, 'stripe-fixtures.subset.json'), 'utf8'));
}

const REF = '#/components/schemas/';

/**
 * Every $ref replaced by the (converted) schema it names. A schema that reaches itself again is cut off at that
 * point with `{}`: none of the responses the simulators serve nests that deep.
 */
function inline(node: unknown, components: Record<string, Schema>, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(item, components, seen));
  if (!node || typeof node !== 'object') return node;
  const record = node as Schema;
  if (typeof record.$ref === 'string' && record.$ref.startsWith(REF)) {
    const name = record.$ref.slice(REF.length);
    if (seen.includes(name)) return {};
    return inline(components[name], components, [...seen, name]);
  }
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, inline(value, components, seen)]));
}

/**
 * Unknown properties fail: every object schema that is not itself a member of an allOf gets
 * `unevaluatedProperties: false`, which (unlike additionalProperties) also sees the properties its allOf members
 * declare, as SumUp's schemas compose objects that way. Maps (`additionalProperties` schemas) stay open.
 */
function closeObjects(node: unknown, insideAllOf = false): unknown {
  if (Array.isArray(node)) return node.map((item) => closeObjects(item));
  if (!node || typeof node !== 'object') return node;
  const record = node as Schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === 'allOf' && Array.isArray(value)) out.allOf = value.map((member) => closeObjects(member, true));
    else if (key === 'properties' && value && typeof value === 'object')
      out.properties = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, closeObjects(child)]));
    else if (key === 'example' || key === 'examples') out[key] = value;
    else out[key] = closeObjects(value);
  }
  const isObject = 'properties' in record || 'allOf' in record;
  if (isObject && !insideAllOf && !('additionalProperties' in record)) out.unevaluatedProperties = false;
  return out;
}

/** Problems with a body, in words; empty when it matches the published schema. */
export type ResponseValidator = (body: unknown) => string[];

/**
 * Validates a body against a published response schema, made strict: OpenAPI 3.0 converted to JSON Schema
 * (`nullable` and friends), unknown properties refused, and `required` added for every field Brade's adapters
 * read (`requiredFields`: component name → fields), so a simulator that leaves one out fails here too.
 */
export function responseValidator(
  description: OpenApiSubset,
  schema: Schema,
  requiredFields: Record<string, string[]> = {},
): ResponseValidator {
  const components = Object.fromEntries(
    Object.entries(description.components.schemas).map(([name, component]) => {
      const converted = fromSchema(component as never, { cloneSchema: true }) as Schema;
      delete converted.$schema;
      const extra = requiredFields[name] ?? [];
      const required = [...new Set([...((converted.required as string[] | undefined) ?? []), ...extra])];
      return [name, required.length > 0 ? { ...converted, required } : converted];
    }),
  );
  const converted = fromSchema(schema as never, { cloneSchema: true }) as Schema;
  delete converted.$schema;
  const strict = closeObjects(inline(converted, components)) as Schema;
  const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
  const validate = ajv.compile(strict);
  return (body) =>
    validate(body)
      ? []
      : (validate.errors ?? []).map(
          (e: ErrorObject) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
        );
}

/** The published schema of one operation's response (status code, JSON body). */
export function operationResponse(description: OpenApiSubset, route: string, method: string, status: string): Schema {
  const response = description.paths[route]?.[method]?.responses[status];
  const schema =
    response?.content?.['application/json']?.schema ?? response?.content?.['application/problem+json']?.schema;
  if (!schema) throw new Error(`No published ${status} body for ${method.toUpperCase()} ${route}`);
  return schema;
}
