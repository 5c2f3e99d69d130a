// Stops `npm start`, `npm run serve` and `npm run dev` on a Node.js older than the project supports, with one
// sentence instead of a stack trace from a dependency. Kept to syntax that old Node versions still run.
import { pathToFileURL } from 'node:url';

/** The oldest Node.js Brade supports: `engines` in package.json says the same (scripts/check-node.test.ts). */
export const MINIMUM_NODE = { major: 22, minor: 12 };

/** The sentence that stops an unsupported Node, or null when `version` ('20.19.0') is supported. */
export function unsupportedNode(version) {
  const [major, minor] = version.split('.').map(Number);
  if (major > MINIMUM_NODE.major || (major === MINIMUM_NODE.major && minor >= MINIMUM_NODE.minor)) return null;
  return (
    `Brade needs Node.js ${MINIMUM_NODE.major}.${MINIMUM_NODE.minor} or newer (tested on Node 24 LTS); this is ` +
    `Node ${version}. Run it through scripts/use-node.sh (for example \`scripts/use-node.sh npm start\`), which ` +
    'fetches Node 24 from the npm registry.'
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problem = unsupportedNode(process.versions.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
