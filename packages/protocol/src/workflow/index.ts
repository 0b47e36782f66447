export * from './transitions.ts';
export * from './workflow-event.ts';
