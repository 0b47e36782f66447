import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListRecounts } from './list-recounts.ts';

const silent = { error: () => undefined } as unknown as FastifyBaseLogger;

describe('list recounts', () => {
  let clock = 0;
  let counted: number[];
  let recounts: ListRecounts;

  beforeEach(() => {
    vi.useFakeTimers();
    clock = 1_000_000;
    counted = [];
    recounts = new ListRecounts(
      async (_organizationId, listId) => {
        counted.push(listId);
      },
      silent,
      { intervalMs: 5_000, now: () => clock },
    );
  });
  afterEach(() => vi.useRealTimers());

  const advance = async (ms: number) => {
    clock += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };

  it('recounts a list at once the first time, then once per interval for a burst of changes', async () => {
    const first = recounts.request(7, [1, 2, 1]);
    await advance(0);
    await first;
    expect(counted).toEqual([1, 2]);

    // A burst within the interval: one recount at its end, for all of it.
    const burst = [recounts.request(7, [1]), recounts.request(7, [1]), recounts.request(7, [1])];
    await advance(1_000);
    expect(counted).toEqual([1, 2]);
    await advance(4_000);
    await Promise.all(burst);
    expect(counted).toEqual([1, 2, 1]);

    // Quiet for longer than the interval: the next change is counted at once again.
    await advance(10_000);
    const later = recounts.request(7, [2]);
    await advance(0);
    await later;
    expect(counted).toEqual([1, 2, 1, 2]);
  });

  it('runs the waiting recounts when stopped, and any asked for afterwards at once', async () => {
    await Promise.all([recounts.request(7, [3]), advance(0)]);
    const waiting = recounts.request(7, [3]);
    await recounts.stop();
    await waiting;
    expect(counted).toEqual([3, 3]);
    await recounts.request(7, [3]);
    expect(counted).toEqual([3, 3, 3]);
  });

  it('logs a failed recount and resolves: the next change tries again', async () => {
    const errors: unknown[] = [];
    const failing = new ListRecounts(
      () => Promise.reject(new Error('database gone')),
      { error: (details: unknown) => errors.push(details) } as unknown as FastifyBaseLogger,
      { now: () => clock },
    );
    const asked = failing.request(7, [4]);
    await advance(0);
    await expect(asked).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});
