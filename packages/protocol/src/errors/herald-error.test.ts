import { describe, it, expect } from 'vitest';
import type { ValidationDetail } from '../envelope.ts';
import type { ErrorType } from './catalogue.ts';
import { HeraldError, errorMessage, isErrorType } from './herald-error.ts';
import type { ErrorValues } from './herald-error.ts';

describe('errorMessage', () => {
  it.each<[ErrorType, ErrorValues | undefined, string]>([
    ['AccessNotAllowedError', undefined, 'Access not allowed'],
    ['AccessToNotAllowedError', { title: 'Rules' }, 'Access to Rules not allowed'],
    [
      'FileUploadFailedError',
      { status: 413, text: 'Payload Too Large' },
      'File upload failed (413 - Payload Too Large).',
    ],
    [
      'MaxSendRateError',
      { limit: '60,000' },
      'The maximum send rate is 60,000 messages per minute. Please contact support.',
    ],
    // A missing value leaves its placeholder visible rather than silently dropping it.
    ['FileUploadFailedError', { status: 500 }, 'File upload failed (500 - {text}).'],
    ['AccessToNotAllowedError', undefined, 'Access to {title} not allowed'],
    // Values for a message without placeholders change nothing.
    ['PasswordWeakError', { title: 'x' }, 'Password is weak'],
  ])('%s with %j', (type, values, expected) => {
    expect(errorMessage(type, values)).toBe(expected);
  });
});

describe('isErrorType', () => {
  it.each([
    ['InvalidSessionError', true],
    ['ValidationError', true],
    ['UnknownCommand', true],
    ['MalformedMessage', true],
    ['NotFoundError', true],
    ['NoSuchError', false],
    ['', false],
    ['toString', false],
    ['__proto__', false],
  ])('%j → %s', (value, expected) => {
    expect(isErrorType(value)).toBe(expected);
  });
});

describe('HeraldError', () => {
  const details: ValidationDetail[] = [
    { path: 'limit', message: 'Query limit value needs to be greater than or equal to zero' },
  ];

  it.each<[string, HeraldError, object]>([
    [
      'plain',
      new HeraldError('InvalidSessionError'),
      { type: 'InvalidSessionError', message: 'Your session expired. Please login again.' },
    ],
    [
      'with values',
      new HeraldError('AccessToNotAllowedError', { values: { title: 'Acme' } }),
      { type: 'AccessToNotAllowedError', message: 'Access to Acme not allowed' },
    ],
    [
      'with details',
      new HeraldError('ValidationError', { details }),
      { type: 'ValidationError', message: 'The request is not valid.', details },
    ],
  ])('toWire() %s', (_case, error, wire) => {
    expect(error.toWire()).toStrictEqual(wire);
  });

  it('is an Error whose message is the catalogue text', () => {
    const error = new HeraldError('PrivilegesError');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('HeraldError');
    expect(error.type).toBe('PrivilegesError');
    expect(error.message).toBe('You do not have enough privileges to perform this action.');
    expect(error.details).toBeUndefined();
  });
});
