export * from './sms-segments.ts';
export * from './channel-content.ts';
export * from './email-design.ts';
export * from './design-to-mjml.ts';
export * from './email-variations.ts';
