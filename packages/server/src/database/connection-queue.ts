/**
 * Who holds the embedded database's one connection next. Interactive work (a person waiting on a page) goes
 * before background work (jobs), but background work is never starved: after a run of interactive grants
 * while a job waits, the job gets one turn. Each queue is served in arrival order.
 *
 * A page is several statements, each taking the connection in turn, with a little JavaScript between them.
 * Handing the connection to a waiting job the moment one of them releases it would make the page wait a whole
 * job transaction (an import batch) per statement, so the connection is kept for interactive work a few
 * milliseconds after an interactive holder releases it: the page's next statement comes within that and
 * goes first; if none does, the job goes on.
 */
export class ConnectionQueue {
  /** Interactive grants in a row, while background work waited, before background work gets a turn. */
  static readonly INTERACTIVE_BEFORE_BACKGROUND = 8;
  /** How long the connection is kept for interactive work after an interactive holder releases it. */
  static readonly INTERACTIVE_FOLLOW_UP_MS = 15;

  #held = false;
  #holderIsBackground = false;
  /** While the connection is kept for an interactive follow-up: the timer that then hands it on. */
  #keptForInteractive: ReturnType<typeof setTimeout> | undefined;
  readonly #interactive: Array<() => void> = [];
  readonly #background: Array<() => void> = [];
  #interactiveInARow = 0;
  #lastInteractiveAt = Number.NEGATIVE_INFINITY;
  readonly #idleWaiters: Array<() => void> = [];

  /**
   * Resolves when the caller holds the connection; it must call release() exactly once after. Interactive
   * work that only watches a job (`watching`) is served as interactive but is not counted as someone
   * browsing (sinceInteractiveWork).
   */
  acquire(background: boolean, watching = false): Promise<void> {
    if (!background && !watching) this.#lastInteractiveAt = performance.now();
    if (!this.#held) {
      this.#held = true;
      this.#holderIsBackground = background;
      return Promise.resolve();
    }
    if (this.#keptForInteractive !== undefined && !background) {
      clearTimeout(this.#keptForInteractive);
      this.#keptForInteractive = undefined;
      this.#interactiveInARow += 1;
      this.#holderIsBackground = false;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      (background ? this.#background : this.#interactive).push(() => {
        this.#holderIsBackground = background;
        resolve();
      }),
    );
  }

  release(): void {
    const followUpLikely =
      !this.#holderIsBackground &&
      this.#interactive.length === 0 &&
      this.#background.length > 0 &&
      this.#interactiveInARow < ConnectionQueue.INTERACTIVE_BEFORE_BACKGROUND;
    if (followUpLikely) {
      this.#keptForInteractive = setTimeout(() => {
        this.#keptForInteractive = undefined;
        this.#handOn();
      }, ConnectionQueue.INTERACTIVE_FOLLOW_UP_MS);
      return;
    }
    this.#handOn();
  }

  /**
   * Milliseconds since interactive work other than watching last asked for the connection (Infinity if it
   * never has): how long nobody has browsed.
   */
  sinceInteractiveWork(): number {
    return performance.now() - this.#lastInteractiveAt;
  }

  /** Resolves once nobody holds the connection or waits for it. */
  whenIdle(): Promise<void> {
    if (!this.#held) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  #handOn(): void {
    const next = this.#next();
    if (next) {
      next();
      return;
    }
    this.#held = false;
    for (const waiter of this.#idleWaiters.splice(0)) waiter();
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
