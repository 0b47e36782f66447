export * from './sms-segments.ts';
export * from './channel-content.ts';
export * from './short-links.ts';
