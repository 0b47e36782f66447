import { describe, it, expect } from 'vitest';
import { reconnectDecision, reconnectDelayMs, reconnectDelaySeconds } from './reconnect.ts';
import type { ReconnectDecision } from './reconnect.ts';

describe('reconnectDelaySeconds', () => {
  it.each<[number, number]>([
    [-1, 0],
    [Number.NaN, 0],
    [0, 0],
    [1, 1],
    [2, 2],
    [3, 4],
    [4, 8],
    [5, 16],
    [6, 32],
    [7, 64],
    [8, 128],
  ])('retry %d waits %d s', (retry, seconds) => {
    expect(reconnectDelaySeconds(retry)).toBe(seconds);
    expect(reconnectDelayMs(retry)).toBe(seconds * 1000);
  });
});

describe('reconnectDecision', () => {
  it.each<[number, ReconnectDecision]>([
    [Number.NaN, 'retry'],
    [-1, 'retry'],
    [0, 'retry'],
    [1, 'retry'],
    [2, 'retry'],
    [3, 'retry-and-notify'],
    [4, 'retry-and-notify'],
    [7, 'retry-and-notify'],
    [8, 'give-up'],
    [9, 'give-up'],
    [Number.POSITIVE_INFINITY, 'give-up'],
  ])('after %d failed retries: %s', (failedRetries, decision) => {
    expect(reconnectDecision(failedRetries)).toBe(decision);
  });
});
