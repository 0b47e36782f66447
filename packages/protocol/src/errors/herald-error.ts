import type { ValidationDetail, WireError } from '../envelope.ts';
import { errorCatalogue } from './catalogue.ts';
import type { ErrorType } from './catalogue.ts';

export type ErrorValues = Record<string, string | number>;

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * The catalogue message of a type with its `{placeholders}` filled. A placeholder without a value stays
 * as written, so a missing value shows up in the text rather than vanishing.
 */
export function errorMessage(type: ErrorType, values?: ErrorValues): string {
  const template: string = errorCatalogue[type];
  if (!values) return template;
  return template.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined ? placeholder : String(value);
  });
}

export function isErrorType(value: string): value is ErrorType {
  return Object.hasOwn(errorCatalogue, value);
}

/**
 * An error as a value from the catalogue (docs/decisions/0002-errors-are-values.md): handlers throw it, the
 * server turns it into the reply's `error` with toWire(), and no call site makes up a message.
 */
export class HeraldError extends Error {
  readonly type: ErrorType;
  readonly details?: ValidationDetail[];

  constructor(type: ErrorType, options?: { details?: ValidationDetail[]; values?: ErrorValues }) {
    super(errorMessage(type, options?.values));
    this.name = 'HeraldError';
    this.type = type;
    if (options?.details) this.details = options.details;
  }

  toWire(): WireError {
    return this.details
      ? { type: this.type, message: this.message, details: this.details }
      : { type: this.type, message: this.message };
  }
}
