export * from './api-error.js';
export * from './auth/schemas.js';
export * from './messages.js';
export * from './money.js';
export * from './password-rules.js';
export * from './storage-keys.js';
export * from './validation.js';
