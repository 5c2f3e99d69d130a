export * from './comparison.js';
export * from './csv.js';
export * from './model.js';
