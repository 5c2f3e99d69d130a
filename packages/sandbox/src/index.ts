export * from './salon-data/index';
