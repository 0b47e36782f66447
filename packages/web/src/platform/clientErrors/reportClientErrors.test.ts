import {
  CLIENT_ERROR_MAX_BYTES as CONTRACT_MAX_BYTES,
  CLIENT_ERROR_PATH as CONTRACT_PATH,
} from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_MAX_BYTES, CLIENT_ERROR_PATH } from './reportClientErrors.ts';

describe('client error reporting', () => {
  it("uses the contract's path and size cap", () => {
    expect(CLIENT_ERROR_PATH).toBe(CONTRACT_PATH);
    expect(CLIENT_ERROR_MAX_BYTES).toBe(CONTRACT_MAX_BYTES);
  });
});
