export * from './catalogue.ts';
export * from './described-catalogue.ts';
export * from './herald-error.ts';
export * from './message-catalogue.ts';
export * from './platform-catalogue.ts';
export * from './protocol-catalogue.ts';
