export * from './csv.js';
export * from './model.js';
