export * from './enumerations.ts';
export * from './functional.ts';
export * from './platform.ts';
export * from './bounces.ts';
