// Copies the parts of the providers' published API descriptions that the conformance tests use (README.md here):
//   node packages/sandbox/src/provider-descriptions/extract.mjs <folder holding square-openapi.json,
//     sumup-openapi.json and stripe-fixtures3.json>
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [source] = process.argv.slice(2);
if (!source) throw new Error('Name the folder holding the providers\u2019 descriptions.');
const here = import.meta.dirname;
const read = (name) => JSON.parse(readFileSync(path.join(source, name), 'utf8'));

/** The operations kept, and every component schema they reach through $ref. */
function subset(spec, operations) {
  const schemas = {};
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length);
      if (!(name in schemas)) {
        schemas[name] = spec.components.schemas[name];
        visit(schemas[name]);
      }
    }
    for (const value of Object.values(node)) visit(value);
  };
  const paths = {};
  for (const [route, method] of operations) {
    const operation = spec.paths[route][method];
    paths[route] = { ...paths[route], [method]: operation };
    visit(operation);
  }
  return { openapi: spec.openapi, info: spec.info, paths, components: { schemas } };
}

const square = subset(read('square-openapi.json'), [
  ['/v2/payments', 'get'],
  ['/v2/refunds', 'get'],
  ['/v2/payouts', 'get'],
  ['/v2/locations', 'get'],
  ['/v2/orders/batch-retrieve', 'post'],
  ['/v2/orders/search', 'post'],
  ['/v2/team-members/search', 'post'],
  ['/v2/team-members/{team_member_id}', 'get'],
  ['/oauth2/token', 'post'],
  ['/oauth2/revoke', 'post'],
]);
const sumup = subset(read('sumup-openapi.json'), [
  ['/v2.1/merchants/{merchant_code}/transactions/history', 'get'],
  ['/v2.1/merchants/{merchant_code}/transactions', 'get'],
  ['/v0.1/memberships', 'get'],
  ['/v1.0/merchants/{merchant_code}/payouts', 'get'],
]);
const stripeResources = read('stripe-fixtures3.json').resources;
const stripe = {
  resources: Object.fromEntries(
    ['balance_transaction', 'charge', 'refund', 'payout', 'account'].map((name) => [name, stripeResources[name]]),
  ),
};
const write = (name, value) => writeFileSync(path.join(here, name), `${JSON.stringify(value, null, 1)}\n`);
write('square-openapi.subset.json', square);
write('sumup-openapi.subset.json', sumup);
write('stripe-fixtures.subset.json', stripe);
