export * from './capabilities.ts';
export * from './check.ts';
export * from './features.ts';
export * from './roles.ts';
