import { describe, expect, it } from 'vitest';
import {
  MAX_DELAY_MS,
  addressNetwork,
  delayAfter,
  isLocalProxyAddress,
  throttleKeys,
} from './sign-in-throttle.ts';

describe('sign-in throttle policy', () => {
  it.each([
    [0, 0],
    [5, 0],
    [6, 2_000],
    [7, 4_000],
    [8, 8_000],
    [14, 512_000],
    [15, MAX_DELAY_MS],
    [1_000, MAX_DELAY_MS],
  ])('after %i failures of an account the next attempt waits %i ms', (failures, delay) => {
    expect(delayAfter(failures, throttleKeys.account('a@example.test').freeFailures)).toBe(delay);
  });

  it('lets an address fail more often than an account before it slows down', () => {
    const address = throttleKeys.address('203.0.113.9');
    expect(delayAfter(20, address.freeFailures)).toBe(0);
    expect(delayAfter(21, address.freeFailures)).toBe(2_000);
  });

  it('never waits longer than 15 minutes', () => {
    expect(MAX_DELAY_MS).toBe(15 * 60_000);
  });

  it('counts an account by its lower-cased e-mail address', () => {
    expect(throttleKeys.account(' Ana@Example.TEST ').id).toBe('account:ana@example.test');
  });

  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff::1', '2001:db8:1:2::/64'],
    ['not an address', 'not an address'],
  ])('counts %s as %s', (remote, network) => {
    expect(addressNetwork(remote)).toBe(network);
  });

  it.each([
    ['127.0.0.1', true],
    ['::ffff:127.0.0.1', true],
    ['::1', true],
    ['127.0.0.2', false],
    ['203.0.113.9', false],
    ['2001:db8::1', false],
    ['garbage', false],
  ])('treats %s as a local proxy: %s', (remote, local) => {
    expect(isLocalProxyAddress(remote)).toBe(local);
  });
});
