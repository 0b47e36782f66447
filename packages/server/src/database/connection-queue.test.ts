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

  it('serves watching work before a job without counting it as someone browsing', async () => {
    const queue = new ConnectionQueue();
    expect(queue.sinceInteractiveWork()).toBe(Number.POSITIVE_INFINITY);
    await queue.acquire(true);
    const order: string[] = [];
    const job = queue.acquire(true).then(() => {
      order.push('job');
      queue.release();
    });
    const watch = queue.acquire(false, true).then(() => {
      order.push('watch');
      queue.release();
    });
    queue.release();
    await Promise.all([job, watch]);
    expect(order).toEqual(['watch', 'job']);
    expect(queue.sinceInteractiveWork()).toBe(Number.POSITIVE_INFINITY);
    await queue.acquire(false);
    queue.release();
    expect(queue.sinceInteractiveWork()).toBeLessThan(1_000);
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

describe('the embedded connection queue between the statements of a page', () => {
  it("keeps the connection for a page's next statement, before a waiting job", async () => {
    const queue = new ConnectionQueue();
    const order: string[] = [];
    await queue.acquire(false);
    const job = queue.acquire(true).then(() => {
      order.push('job');
      queue.release();
    });
    // The page's first statement ends; its next one comes a few milliseconds later, as after JavaScript.
    queue.release();
    await new Promise((resolve) => setTimeout(resolve, 3));
    await queue.acquire(false);
    order.push('page, second statement');
    queue.release();
    await job;
    expect(order).toEqual(['page, second statement', 'job']);
  });

  it('hands the connection to the job when no follow-up comes, and when a job has waited through a run', async () => {
    const queue = new ConnectionQueue();
    await queue.acquire(false);
    let jobGranted = false;
    const job = queue.acquire(true).then(() => {
      jobGranted = true;
      queue.release();
    });
    queue.release();
    await job;
    expect(jobGranted).toBe(true);
    await expect(queue.whenIdle()).resolves.toBeUndefined();

    // A page of many statements still lets a waiting job through after INTERACTIVE_BEFORE_BACKGROUND of them.
    const order: string[] = [];
    await queue.acquire(false);
    const patient = queue.acquire(true).then(() => {
      order.push('job');
      queue.release();
    });
    for (let statement = 1; statement <= ConnectionQueue.INTERACTIVE_BEFORE_BACKGROUND + 2; statement += 1) {
      queue.release();
      await queue.acquire(false);
      order.push(`statement ${statement}`);
    }
    queue.release();
    await patient;
    expect(order.indexOf('job')).toBeLessThanOrEqual(ConnectionQueue.INTERACTIVE_BEFORE_BACKGROUND);
    expect(order).toContain('job');
  });
});
