export * from './access.ts';
export * from './decimal.ts';
export * from './format.ts';
export * from './money.ts';
export * from './risk.ts';
export * from './session.ts';
export * from './time.ts';
export * from './withdrawal-status.ts';
