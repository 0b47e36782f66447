export * from './significance.ts';
