// Copies the parts of HMRC's published OpenAPI descriptions that the HMRC simulator and its conformance tests use
// (README.md here): the operations Brade calls and every component schema they reach.
//   node packages/sandbox/src/provider-descriptions/hmrc/extract-hmrc.mjs <HMRC's vat-api resources/public/api/conf/1.0>
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const [source] = process.argv.slice(2);
if (!source) throw new Error('Name the folder holding HMRC\u2019s application.yaml (vat-api, version 1.0).');
const here = import.meta.dirname;

/** The operations kept, the component schemas they reach through $ref, and the security schemes. */
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
  return {
    openapi: spec.openapi,
    info: spec.info,
    servers: spec.servers,
    paths,
    components: { schemas, securitySchemes: spec.components.securitySchemes },
  };
}

// YAML 1.2's core schema keeps HMRC's unquoted dates (example: 2017-01-25) as the strings they are.
const vat = parse(readFileSync(path.join(source, 'application.yaml'), 'utf8'));
const kept = subset(vat, [
  ['/organisations/vat/{vrn}/obligations', 'get'],
  ['/organisations/vat/{vrn}/returns', 'post'],
  ['/organisations/vat/{vrn}/returns/{periodKey}', 'get'],
  ['/organisations/vat/{vrn}/liabilities', 'get'],
  ['/organisations/vat/{vrn}/payments', 'get'],
]);
writeFileSync(path.join(here, 'vat-mtd-1.0.subset.json'), `${JSON.stringify(kept, null, 1)}\n`);
