export * from './sms-segments.ts';
export * from './channel-content.ts';
export * from './theme-mjml.ts';
export * from './template-content.ts';
export * from './short-links.ts';
