export * from './sms-segments.ts';
export * from './channel-content.ts';
export * from './theme-mjml.ts';
export * from './template-content.ts';
export * from './short-links.ts';
export * from './email-design.ts';
export * from './design-to-mjml.ts';
export * from './email-variations.ts';
