// Kept for `npm run size:login`: the /login figure of measure-bundle.mjs.
process.argv[2] = 'login';
await import('./measure-bundle.mjs');
