import { describe, expect, it } from 'vitest';
import { KeyedSemaphore } from './keyed-semaphore.ts';

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('KeyedSemaphore', () => {
  it('runs at most `limit` tasks of a key at once, in arrival order, and others freely', async () => {
    const semaphore = new KeyedSemaphore();
    const order: string[] = [];
    const gates = [deferred(), deferred(), deferred()];
    const task = (name: string, index: number) =>
      semaphore.run([{ id: 'account:a', limit: 1 }], async () => {
        order.push(`start ${name}`);
        await gates[index]?.promise;
        order.push(`end ${name}`);
      });
    const first = task('first', 0);
    const second = task('second', 1);
    const other = semaphore.run([{ id: 'account:b', limit: 1 }], async () => {
      order.push('other');
    });
    await other;
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['start first', 'other']);
    gates[0]?.resolve();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['start first', 'other', 'end first', 'start second']);
    gates[1]?.resolve();
    await second;
    expect(semaphore.size).toBe(0);
  });

  it('lets `limit` tasks share a key, and frees its places when a task throws', async () => {
    const semaphore = new KeyedSemaphore();
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 10 }, () =>
        semaphore.run([{ id: 'address:x', limit: 4 }], async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(4);
    await expect(
      semaphore.run([{ id: 'address:x', limit: 1 }], () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    expect(semaphore.size).toBe(0);
  });

  it('takes several keys in one order, so opposite requests do not deadlock', async () => {
    const semaphore = new KeyedSemaphore();
    const keysAB = [
      { id: 'a', limit: 1 },
      { id: 'b', limit: 1 },
    ];
    const results = await Promise.all([
      semaphore.run(keysAB, async () => 1),
      semaphore.run([...keysAB].reverse(), async () => 2),
    ]);
    expect(results).toEqual([1, 2]);
    expect(semaphore.size).toBe(0);
  });
});
