export * from './csv.js';
export * from './csv-read.js';
export * from './model.js';
