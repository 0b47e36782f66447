/**
 * Who holds the embedded database's one connection next. Interactive work (a person waiting on a page) goes
 * before background work (jobs), but background work is never starved: after a run of interactive grants
 * while a job waits, the job gets one turn. Each queue is served in arrival order.
 */
export class ConnectionQueue {
  /** Interactive grants in a row, while background work waited, before background work gets a turn. */
  static readonly INTERACTIVE_BEFORE_BACKGROUND = 8;

  #held = false;
  readonly #interactive: Array<() => void> = [];
  readonly #background: Array<() => void> = [];
  #interactiveInARow = 0;
  readonly #idleWaiters: Array<() => void> = [];

  /** Resolves when the caller holds the connection; it must call release() exactly once after. */
  acquire(background: boolean): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => (background ? this.#background : this.#interactive).push(resolve));
  }

  release(): void {
    const next = this.#next();
    if (next) {
      next();
      return;
    }
    this.#held = false;
    for (const waiter of this.#idleWaiters.splice(0)) waiter();
  }

  /** Resolves once nobody holds the connection or waits for it. */
  whenIdle(): Promise<void> {
    if (!this.#held) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  #next(): (() => void) | undefined {
    const backgroundsTurn =
      this.#background.length > 0 &&
      (this.#interactive.length === 0 ||
        this.#interactiveInARow >= ConnectionQueue.INTERACTIVE_BEFORE_BACKGROUND);
    if (backgroundsTurn) {
      this.#interactiveInARow = 0;
      return this.#background.shift();
    }
    const next = this.#interactive.shift();
    if (next && this.#background.length > 0) this.#interactiveInARow += 1;
    return next;
  }
}
