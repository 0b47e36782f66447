import { describe, expect, it } from 'vitest';
import { isAddressAllowed, parseAllowList } from './security-settings.ts';

describe('admin IP allow-list', () => {
  it.each([
    ['', '203.0.113.9', true],
    ['# only comments\n\n', '203.0.113.9', true],
    ['203.0.113.9', '203.0.113.9', true],
    ['203.0.113.9', '203.0.113.10', false],
    ['203.0.113.0/24', '203.0.113.200', true],
    ['203.0.113.0/24', '198.51.100.1', false],
    ['10.0.0.0/8\n192.168.1.0/24', '192.168.1.7', true],
    ['127.0.0.1', '::ffff:127.0.0.1', true],
    ['2001:db8::/32', '2001:db8:1::5', true],
    ['2001:db8::/32', '2001:db9::5', false],
    ['::1', '::1', true],
    ['127.0.0.1 # the server itself', '127.0.0.1', true],
    ['203.0.113.9', 'not-an-address', false],
  ])('%j allows %s → %s', (list, address, allowed) => {
    expect(isAddressAllowed(list, address)).toBe(allowed);
  });

  it('names the line that is not an address', () => {
    expect(() => parseAllowList('10.0.0.1\nbanana')).toThrow(
      expect.objectContaining({ type: 'ValidationError' }),
    );
  });
});
