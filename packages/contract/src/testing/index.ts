/** Helpers for tests only (`@brade/contract/testing`): nothing in the product imports them. */
export { parseCsv } from './csv-read.js';
