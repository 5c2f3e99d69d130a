// Stops `npm start`, `npm run serve` and `npm run dev` on a Node.js older than the project supports, with one
// sentence instead of a stack trace from a dependency. Written so that old Node versions can still run it.
const required = 22;
const requiredText = '22.12';
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < required || (major === required && minor < 12)) {
  console.error(
    `Brade needs Node.js ${requiredText} or newer (tested on Node 24 LTS); this is Node ${process.versions.node}. ` +
      'Run it through scripts/use-node.sh (for example `scripts/use-node.sh npm start`), which fetches Node 24 from the npm registry.',
  );
  process.exit(1);
}
