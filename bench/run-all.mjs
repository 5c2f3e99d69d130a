// Prints every budget as a figure and a ratio; exits non-zero when one is over.
import { measureLoginJavaScript } from './login-javascript.mjs';
import { measureStartup } from './startup-to-ready.mjs';

const results = [await measureLoginJavaScript(), await measureStartup()];
process.exit(results.every(Boolean) ? 0 : 1);
