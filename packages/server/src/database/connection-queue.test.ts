import { describe, expect, it } from 'vitest';
import { ConnectionQueue } from './connection-queue.ts';

/** Acquires for each label in turn while the connection is held, and records the order they are granted. */
async function grantOrder(queue: ConnectionQueue, waiters: Array<{ label: string; background: boolean }>) {
  const order: string[] = [];
  await queue.acquire(false);
  const granted = waiters.map(({ label, background }) =>
    queue.acquire(background).then(() => {
      order.push(label);
      queue.release();
    }),
  );
  queue.release();
  await Promise.all(granted);
  return order;
}

describe('the embedded connection queue', () => {
  it('grants interactive work before background work that arrived earlier', async () => {
    const order = await grantOrder(new ConnectionQueue(), [
      { label: 'job 1', background: true },
      { label: 'job 2', background: true },
      { label: 'page', background: false },
      { label: 'search', background: false },
    ]);
    expect(order).toEqual(['page', 'search', 'job 1', 'job 2']);
  });

  it('gives background work a turn after a run of interactive grants, so a job is never starved', async () => {
    const runs = ConnectionQueue.INTERACTIVE_BEFORE_BACKGROUND + 2;
    const order = await grantOrder(new ConnectionQueue(), [
      { label: 'job', background: true },
      ...Array.from({ length: runs }, (_, index) => ({ label: `page ${index}`, background: false })),
    ]);
    expect(order.indexOf('job')).toBe(ConnectionQueue.INTERACTIVE_BEFORE_BACKGROUND);
  });

  it('serves each kind in arrival order and is idle once everyone has released', async () => {
    const queue = new ConnectionQueue();
    const order = await grantOrder(queue, [
      { label: 'a', background: false },
      { label: 'b', background: false },
      { label: 'c', background: false },
    ]);
    expect(order).toEqual(['a', 'b', 'c']);
    await expect(queue.whenIdle()).resolves.toBeUndefined();
  });
});
