import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fromSchema } from '@openapi-contrib/openapi-schema-to-json-schema';
import Ajv2019, { type ErrorObject } from 'ajv/dist/2019';

type Schema = Record<string, unknown>;

interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }>; headers?: Record<string, unknown> }>;
}

export interface OpenApiSubset {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, Schema> };
}

/** One of the providers' published descriptions kept in this folder (README.md says where each came from). */
export function loadDescription(
  name:
    | 'square-openapi'
    | 'sumup-openapi'
    | 'hmrc/vat-mtd-1.0'
    | 'hmrc/business-details-2.0'
    | 'hmrc/obligations-3.0'
    | 'hmrc/self-employment-business-5.0',
): OpenApiSubset {
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
 * `extraProperties` declares, per component, a property the provider's every example carries but its schema omits
 * (HMRC's errorResponse names only `code`, while each of its errors has a `message`); each is required too.
 */
export function responseValidator(
  description: OpenApiSubset,
  schema: Schema,
  requiredFields: Record<string, string[]> = {},
  extraProperties: Record<string, Record<string, Schema>> = {},
): ResponseValidator {
  const components = Object.fromEntries(
    Object.entries(description.components.schemas).map(([name, component]) => {
      const converted = fromSchema(component as never, { cloneSchema: true }) as Schema;
      delete converted.$schema;
      const added = extraProperties[name] ?? {};
      const extra = [...(requiredFields[name] ?? []), ...Object.keys(added)];
      const required = [...new Set([...((converted.required as string[] | undefined) ?? []), ...extra])];
      const properties = { ...((converted.properties as Schema | undefined) ?? {}), ...added };
      const widened = Object.keys(added).length > 0 ? { ...converted, properties } : converted;
      return [name, required.length > 0 ? { ...widened, required } : widened];
    }),
  );
  const converted = fromSchema(schema as never, { cloneSchema: true }) as Schema;
  delete converted.$schema;
  const strict = closeObjects(inline(converted, components)) as Schema;
  // multipleOf 0.01 on binary floats (1243.62) needs a tolerance, as JSON numbers are decimal.
  const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false, multipleOfPrecision: 6 });
  const validate = ajv.compile(strict);
  return (body) =>
    validate(body)
      ? []
      : (validate.errors ?? []).map(
          (e: ErrorObject) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
        );
}

/** The published schema of one operation's JSON request body. */
export function operationRequest(description: OpenApiSubset, route: string, method: string): Schema {
  const content = description.paths[route]?.[method]?.requestBody?.content ?? {};
  // HMRC's Self Employment Business description spells one media type 'applicaton/json': the JSON one, whatever its key.
  const schema = (content['application/json'] ?? Object.entries(content).find(([type]) => type.includes('json'))?.[1])
    ?.schema;
  if (!schema) throw new Error(`No published request body for ${method.toUpperCase()} ${route}`);
  return schema;
}

/**
 * Problems with a request's query: a parameter the operation does not declare, or a required one missing. (HMRC's
 * query parameters are all strings, so their names are what can be wrong.)
 */
export function queryProblems(description: OpenApiSubset, route: string, method: string, query: URLSearchParams) {
  const declared = (description.paths[route]?.[method]?.parameters ?? []).filter((p) => p.in === 'query');
  const unknown = [...query.keys()].filter((name) => !declared.some((p) => p.name === name));
  const missing = declared.filter((p) => p.required && !query.has(p.name)).map((p) => p.name);
  return [...unknown.map((name) => `unknown query parameter ${name}`), ...missing.map((name) => `missing ${name}`)];
}

/** The published schema of one operation's response (status code, JSON body). */
export function operationResponse(description: OpenApiSubset, route: string, method: string, status: string): Schema {
  const response = description.paths[route]?.[method]?.responses[status];
  const schema =
    response?.content?.['application/json']?.schema ?? response?.content?.['application/problem+json']?.schema;
  if (!schema) throw new Error(`No published ${status} body for ${method.toUpperCase()} ${route}`);
  return schema;
}
