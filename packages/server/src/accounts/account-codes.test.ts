import { describe, expect, it } from 'vitest';
import { ACCOUNT_CODE_LENGTH, newAccountCode, normalizeAccountCode } from './account-codes.ts';

describe('one-time account codes', () => {
  it('are 8 digits, leading zeros kept', () => {
    for (let index = 0; index < 1000; index++) {
      expect(newAccountCode()).toMatch(new RegExp(`^\\d{${ACCOUNT_CODE_LENGTH}}$`));
    }
  });

  it('differ from one another', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => newAccountCode()));
    // 1,000 draws from 10^8: a repeat has odds of about 1 in 200.
    expect(codes.size).toBeGreaterThanOrEqual(998);
  });

  it.each([
    ['12345678', '12345678'],
    [' 1234 5678 ', '12345678'],
    ['1234-5678', '12345678'],
    ['12a45678', '12a45678'],
  ])('reads "%s" as "%s"', (typed, read) => {
    expect(normalizeAccountCode(typed)).toBe(read);
  });
});
