export * from './sms-segments.ts';
export * from './channel-content.ts';
