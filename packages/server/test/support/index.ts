export * from './channel-client.ts';
export * from './factories.ts';
export * from './herald.ts';
export * from './oidc-provider.ts';
export * from './smtp-peer.ts';
export * from './two-factor.ts';
export * from './uploads.ts';
export * from './socket-flood.ts';
