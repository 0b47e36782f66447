export * from './tree.ts';
export * from './parse-target.ts';
export * from './print-target.ts';
export * from './validate-target.ts';
export * from './target-input.ts';
export * from './field-operators.ts';
