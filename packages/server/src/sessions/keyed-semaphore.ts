interface Slot {
  active: number;
  waiting: Array<() => void>;
}

/** Per-key limits on how many tasks run at once in this process; the rest wait in arrival order. */
export class KeyedSemaphore {
  readonly #slots = new Map<string, Slot>();

  /** Runs `work` holding one place under every key (taken in a fixed order, so two callers never deadlock). */
  async run<T>(keys: ReadonlyArray<{ id: string; limit: number }>, work: () => Promise<T>): Promise<T> {
    const ordered = [...keys].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const held: string[] = [];
    try {
      for (const key of ordered) {
        await this.#acquire(key.id, key.limit);
        held.push(key.id);
      }
      return await work();
    } finally {
      for (const id of held.reverse()) this.#release(id);
    }
  }

  /** Keys with a task running or waiting (for tests: an idle semaphore holds nothing). */
  get size(): number {
    return this.#slots.size;
  }

  async #acquire(id: string, limit: number): Promise<void> {
    let slot = this.#slots.get(id);
    if (!slot) {
      slot = { active: 0, waiting: [] };
      this.#slots.set(id, slot);
    }
    if (slot.active < Math.max(1, limit)) {
      slot.active += 1;
      return;
    }
    const queued = slot;
    // The releasing task hands its place straight over, so `active` never dips and no newcomer jumps the queue.
    await new Promise<void>((resolve) => queued.waiting.push(resolve));
  }

  #release(id: string): void {
    const slot = this.#slots.get(id);
    if (!slot) return;
    const next = slot.waiting.shift();
    if (next) {
      next();
      return;
    }
    slot.active -= 1;
    if (slot.active === 0) this.#slots.delete(id);
  }
}
