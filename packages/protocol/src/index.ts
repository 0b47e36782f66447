export * from './envelope.ts';
export * from './commands/index.ts';
export * from './errors/index.ts';
export * from './constants/index.ts';
export * from './access/index.ts';
export * from './format/index.ts';
export * from './reconnect.ts';
export * from './target/index.ts';
