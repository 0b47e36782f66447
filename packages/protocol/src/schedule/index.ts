export * from './activity-schedule.ts';
export * from './repeat-rule.ts';
export * from './zoned-time.ts';
export * from './sending-settings.ts';
export * from './triggers.ts';
export * from './messaging-rules.ts';
export * from './organization-settings.ts';
export * from './default-sender.ts';
