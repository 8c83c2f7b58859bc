export * from './api.ts';
export * from './contracts.ts';
export * from './format.ts';
export * from './limits.ts';
export * from './media.ts';
export * from './messages.ts';
