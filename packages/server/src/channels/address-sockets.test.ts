import { describe, expect, it } from 'vitest';
import { AddressSockets } from './address-sockets.ts';

describe('sockets per address', () => {
  it('counts an address up to its limit, reports reaching it once, and takes a socket back once', () => {
    const reports: string[] = [];
    const sockets = new AddressSockets(2, (network) => reports.push(network));
    const first = sockets.take('198.51.100.7');
    const second = sockets.take('::ffff:198.51.100.7');
    expect(first && second).toBeTypeOf('function');
    expect(sockets.take('198.51.100.7')).toBeUndefined();
    expect(sockets.take('198.51.100.7')).toBeUndefined();
    expect(reports).toEqual(['198.51.100.7']);
    expect(sockets.take('198.51.100.8')).toBeTypeOf('function');

    first?.();
    first?.();
    expect(sockets.openFrom('198.51.100.7')).toBe(1);
    expect(sockets.take('198.51.100.7')).toBeTypeOf('function');
    expect(sockets.take('198.51.100.7')).toBeUndefined();
    expect(reports).toEqual(['198.51.100.7', '198.51.100.7']);
  });

  it('counts IPv6 addresses by their /64, as sign-in throttling does', () => {
    const sockets = new AddressSockets(1, () => undefined);
    expect(sockets.take('2001:db8:1:2::1')).toBeTypeOf('function');
    expect(sockets.take('2001:db8:1:2:ffff::9')).toBeUndefined();
    expect(sockets.take('2001:db8:1:3::1')).toBeTypeOf('function');
  });
});
