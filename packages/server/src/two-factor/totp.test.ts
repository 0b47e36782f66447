import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { matchingTimeStep, newTotpSecret, otpauthUrl } from './totp.ts';

const at = new Date('2026-03-01T10:00:10Z');
const step = Math.floor(at.getTime() / 30_000);
const codeFor = (secret: string, timeStep: number) => generate({ secret, epoch: timeStep * 30 });

describe('TOTP', () => {
  it('makes 160-bit base32 secrets', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('writes the otpauth address with the issuer and the e-mail address', () => {
    const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'ana+2fa@example.test'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Herald:ana+2fa@example.test');
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('issuer')).toBe('Herald');
  });

  it('accepts the current code and one step of drift either way, naming the step', async () => {
    const secret = newTotpSecret();
    for (const offset of [-1, 0, 1])
      expect(await matchingTimeStep(secret, await codeFor(secret, step + offset), at)).toBe(step + offset);
  });

  it('ignores spaces inside a code', async () => {
    const secret = newTotpSecret();
    const code = await codeFor(secret, step);
    expect(await matchingTimeStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, at)).toBe(step);
  });

  it('refuses codes two steps away, malformed codes and codes of another secret', async () => {
    const secret = newTotpSecret();
    expect(await matchingTimeStep(secret, await codeFor(secret, step - 2), at)).toBeUndefined();
    expect(await matchingTimeStep(secret, await codeFor(secret, step + 2), at)).toBeUndefined();
    expect(await matchingTimeStep(secret, '12345', at)).toBeUndefined();
    expect(await matchingTimeStep(secret, 'abcdef', at)).toBeUndefined();
    expect(await matchingTimeStep(newTotpSecret(), await codeFor(secret, step), at)).toBeUndefined();
  });

  it('matches RFC 6238 test vector time 59 (SHA-1, last 6 digits of 94287082)', async () => {
    // The RFC's 20-byte ASCII key "12345678901234567890" in base32.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(await matchingTimeStep(secret, '287082', new Date(59_000))).toBe(1);
  });
});
