import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes.ts';

describe('recovery codes', () => {
  it('makes ten distinct codes of ten base32 characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
  });

  it('hashes a code the same however it is typed', () => {
    const hash = hashRecoveryCode('ab1c0-xyz23');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    for (const typed of ['AB1C0-XYZ23', 'ab1c0xyz23', ' ab1c0 xyz23 ', 'abIcO-xyz23', 'abLco-XYZ23'])
      expect(hashRecoveryCode(typed)).toBe(hash);
    expect(hashRecoveryCode('ab1c0-xyz24')).not.toBe(hash);
  });

  it('normalizes case, separators and look-alike letters', () => {
    expect(normalizeRecoveryCode('Ab1Co-Xyz-2l')).toBe('ab1c0xyz21');
  });
});
