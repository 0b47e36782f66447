import { describe, expect, it } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '@herald/protocol';
import { ManualScheduler } from '../channel/manualScheduler.ts';
import { ChunkLoadError, loadWithTimeout } from './loadWithTimeout.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('loadWithTimeout', () => {
  it('passes the module through when it arrives in time', async () => {
    const scheduler = new ManualScheduler();
    const chunk = deferred<{ default: string }>();
    const loading = loadWithTimeout(() => chunk.promise, CHUNK_LOAD_TIMEOUT_MS, scheduler);
    scheduler.advance(CHUNK_LOAD_TIMEOUT_MS - 1);
    chunk.resolve({ default: 'page' });
    await expect(loading).resolves.toEqual({ default: 'page' });
    expect(scheduler.pendingCount()).toBe(0);
  });

  it('fails with a time-out after 120 s and ignores a late arrival', async () => {
    const scheduler = new ManualScheduler();
    const chunk = deferred<{ default: string }>();
    const loading = loadWithTimeout(() => chunk.promise, CHUNK_LOAD_TIMEOUT_MS, scheduler);
    expect(scheduler.requestedDelays).toEqual([120_000]);
    scheduler.advance(CHUNK_LOAD_TIMEOUT_MS);
    chunk.resolve({ default: 'late' });
    const error = await loading.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ reason: 'timeout' });
  });

  it('fails when the download fails', async () => {
    const scheduler = new ManualScheduler();
    const loading = loadWithTimeout(() => Promise.reject(new TypeError('Failed to fetch')), 1000, scheduler);
    await expect(loading).rejects.toMatchObject({ name: 'ChunkLoadError', reason: 'failed' });
    expect(scheduler.pendingCount()).toBe(0);
  });
});
