export * from './date.ts';
export * from './file-size.ts';
export * from './money.ts';
export { NUMBER_SUFFIXES, formatNumber } from './number.ts';
export * from './percentage.ts';
