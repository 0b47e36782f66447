import type { Scheduler } from './scheduler.ts';

interface Timer {
  dueAt: number;
  intervalMs: number | null;
  task: () => void;
}

/** A scheduler whose clock only moves when a test says so; it records every delay asked of it. */
export class ManualScheduler implements Scheduler {
  private clock = 0;
  private nextId = 1;
  private readonly timers = new Map<number, Timer>();
  /** Every one-off delay requested, in order. */
  readonly requestedDelays: number[] = [];

  now(): number {
    return this.clock;
  }

  after(delayMs: number, task: () => void): () => void {
    this.requestedDelays.push(delayMs);
    return this.add({ dueAt: this.clock + delayMs, intervalMs: null, task });
  }

  every(intervalMs: number, task: () => void): () => void {
    return this.add({ dueAt: this.clock + intervalMs, intervalMs, task });
  }

  /** Moves the clock forward, running every timer that falls due on the way, in time order. */
  advance(ms: number): void {
    const target = this.clock + ms;
    for (;;) {
      const next = this.nextDue(target);
      if (!next) break;
      const [id, timer] = next;
      this.clock = timer.dueAt;
      if (timer.intervalMs === null) this.timers.delete(id);
      else timer.dueAt += timer.intervalMs;
      timer.task();
    }
    this.clock = target;
  }

  /** Runs the earliest pending one-off timer whatever its delay (a reconnect waiting to happen). */
  runNext(): void {
    const next = this.nextDue(Number.POSITIVE_INFINITY, true);
    if (next) this.advance(next[1].dueAt - this.clock);
  }

  pendingCount(): number {
    return this.timers.size;
  }

  private add(timer: Timer): () => void {
    const id = this.nextId++;
    this.timers.set(id, timer);
    return () => this.timers.delete(id);
  }

  private nextDue(limit: number, oneOffOnly = false): [number, Timer] | undefined {
    let earliest: [number, Timer] | undefined;
    for (const entry of this.timers) {
      const timer = entry[1];
      if (oneOffOnly && timer.intervalMs !== null) continue;
      if (timer.dueAt > limit) continue;
      if (!earliest || timer.dueAt < earliest[1].dueAt) earliest = entry;
    }
    return earliest;
  }
}
