import { describe, expect, it } from 'vitest';
import { assertAcceptablePassword, assertValidEmail } from './password-policy.ts';

describe('password policy', () => {
  it.each([
    ['short', false],
    ['seven77', false],
    ['password', false],
    ['PASSWORD', false],
    ['12345678', false],
    ['baseball', false],
    ['football', false],
    ['x'.repeat(129), false],
    ['correct horse battery staple', true],
    ['Tr0ub4dor&3x', true],
    ['eight888', true],
    ['x'.repeat(64), true],
    ['x'.repeat(128), true],
    ['日本語のパスワードです', true],
  ])('%s → acceptable %s', (password, acceptable) => {
    if (acceptable) expect(() => assertAcceptablePassword(password)).not.toThrow();
    else expect(() => assertAcceptablePassword(password)).toThrow('Password is weak');
  });
});

describe('e-mail address check', () => {
  it.each([
    ['ana@example.com', true],
    ['ana.b+tag@mail.example.co.id', true],
    ['ana@example', false],
    ['ana example.com', false],
    ['@example.com', false],
    ['ana@', false],
    ['ana@@example.com', false],
    ['ana@example.com.', false],
    [`${'a'.repeat(250)}@example.com`, false],
  ])('%s → valid %s', (email, valid) => {
    if (valid) expect(() => assertValidEmail(email)).not.toThrow();
    else expect(() => assertValidEmail(email)).toThrow('Email is not valid');
  });
});
