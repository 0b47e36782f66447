export * from './sms-segments.ts';
