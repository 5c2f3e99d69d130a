// Copies the operations of HMRC's Income Tax (MTD) descriptions that Brade calls into one self-contained JSON file
// per API (README.md here). HMRC splits each description over many YAML and JSON files joined by relative $refs;
// this bundles them: a JSON Schema file becomes a component schema named after its path, a YAML fragment (a
// parameter, a header, an error example) and an example file are put in place. Nothing else is changed.
//   node packages/sandbox/src/provider-descriptions/hmrc/extract-hmrc-income-tax.mjs <folder holding the three APIs'
//   conf folders: business-details-2.0, obligations-3.0, self-employment-business-5.0>
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const [source] = process.argv.slice(2);
if (!source)
  throw new Error('Name the folder holding business-details-2.0, obligations-3.0 and self-employment-business-5.0.');
const here = import.meta.dirname;

const load = (file) =>
  file.endsWith('.json') ? JSON.parse(readFileSync(file, 'utf8')) : parse(readFileSync(file, 'utf8'));
const pointer = (document, fragment) =>
  fragment
    .split('/')
    .filter(Boolean)
    .reduce((node, key) => node[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);

function bundle(root, operations) {
  const schemas = {};
  const schemaName = (file) =>
    path
      .relative(path.join(root, 'schemas'), file)
      .replace(/\.(json|yaml)$/, '')
      .split(path.sep)
      .join('_');
  /** Resolves every relative $ref of a node read from `file`. */
  const resolve = (node, file) => {
    if (Array.isArray(node)) return node.map((item) => resolve(item, file));
    if (!node || typeof node !== 'object') return node;
    if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) {
      const [target, fragment] = node.$ref.split('#');
      const targetFile = path.resolve(path.dirname(file), target);
      const isSchema = targetFile.startsWith(path.join(root, 'schemas') + path.sep) && !fragment;
      if (isSchema) {
        const name = schemaName(targetFile);
        if (!(name in schemas)) {
          schemas[name] = {};
          const schema = resolve(load(targetFile), targetFile);
          delete schema.$schema;
          schemas[name] = schema;
        }
        return { $ref: `#/components/schemas/${name}` };
      }
      const document = load(targetFile);
      return resolve(fragment ? pointer(document, fragment) : document, targetFile);
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(value, file)]));
  };
  const applicationFile = path.join(root, 'application.yaml');
  const application = load(applicationFile);
  const paths = {};
  for (const [route, methods] of operations) {
    const item = resolve(application.paths[route], applicationFile);
    paths[route] = Object.fromEntries(methods.map((method) => [method, item[method]]));
  }
  return {
    openapi: application.openapi,
    info: { title: application.info.title, version: application.info.version },
    servers: application.servers,
    paths,
    components: { schemas, securitySchemes: application.components.securitySchemes },
  };
}

const apis = [
  ['business-details-2.0', [['/individuals/business/details/{nino}/list', ['get']]]],
  ['obligations-3.0', [['/obligations/details/{nino}/income-and-expenditure', ['get']]]],
  [
    'self-employment-business-5.0',
    [['/individuals/business/self-employment/{nino}/{businessId}/cumulative/{taxYear}', ['put', 'get']]],
  ],
];
for (const [folder, operations] of apis) {
  const kept = bundle(path.join(source, folder), operations);
  writeFileSync(path.join(here, `${folder}.subset.json`), `${JSON.stringify(kept, null, 1)}\n`);
}
