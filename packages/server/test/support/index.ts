export * from './channel-client.ts';
export * from './factories.ts';
export * from './herald.ts';
