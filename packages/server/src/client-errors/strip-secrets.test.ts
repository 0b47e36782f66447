import { describe, expect, it } from 'vitest';
import { stripSecrets } from './strip-secrets.ts';

describe('stripSecrets', () => {
  it.each([
    ['a JWT', 'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl failed', 'eyJhbGciOiJIUzI1NiJ9'],
    ['a bearer header', 'Authorization: Bearer abc.def-ghi', 'abc.def-ghi'],
    ['a query token', 'GET /x?token=s3cr3t&page=2', 's3cr3t'],
    ['a password in JSON', '{"email":"a@b.c","password":"hunter2!"}', 'hunter2!'],
    ['a password in prose', 'password: hunter2', 'hunter2'],
    ['a session id pair', 'sessionId=abc123', 'abc123'],
    [
      'an opaque session id',
      'session x9Qz3kT7bW1mN5pR8sV2yA4cE6gH0jL-_uIoKdFfXq expired',
      'x9Qz3kT7bW1mN5pR8sV2yA4cE6gH0jL',
    ],
  ])('removes %s', (_label, text, secret) => {
    const stripped = stripSecrets(text);
    expect(stripped).not.toContain(secret);
    expect(stripped).toContain('[redacted]');
  });

  it('keeps the rest of the message readable', () => {
    expect(stripSecrets("TypeError: Cannot read properties of undefined (reading 'name')")).toBe(
      "TypeError: Cannot read properties of undefined (reading 'name')",
    );
    expect(stripSecrets('at renderList (/assets/ListsPage-BftGLuZK.js:1:200)')).toBe(
      'at renderList (/assets/ListsPage-BftGLuZK.js:1:200)',
    );
  });
});
