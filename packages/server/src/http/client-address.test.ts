import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddressReader } from './client-address.ts';

/** A handshake from `peer` that claims, in X-Forwarded-For, to come from 203.0.113.7. */
const forwarded = (peer: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: { 'x-forwarded-for': '203.0.113.7' },
  }) as unknown as IncomingMessage;

describe('client address before routing', () => {
  it('follows X-Forwarded-For from trusted proxies only, as request.ip does', () => {
    const behindProxy = clientAddressReader(['127.0.0.2', '10.1.0.0/16']);
    expect(behindProxy(forwarded('127.0.0.2'))).toBe('203.0.113.7');
    expect(behindProxy(forwarded('10.1.4.5'))).toBe('203.0.113.7');
    expect(behindProxy(forwarded('127.0.0.3'))).toBe('127.0.0.3');
    expect(clientAddressReader([])(forwarded('127.0.0.2'))).toBe('127.0.0.2');
  });
});
