/**
 * The phases of a start, in the order they happen. Each is marked when it ends, in milliseconds since the process
 * started (performance.now() counts from the process's time origin), so the "started" log line tells where a slow
 * start spent its time (docs/operations.md § Start-up). `modulesLoaded` is marked by main.ts once its imports
 * have loaded; a server started inside another process (the tests) has no such phase and counts from the call.
 */
export const STARTUP_PHASES = [
  'modulesLoaded',
  'secretsLoaded',
  'databaseOpen',
  'migrations',
  'reseal',
  'starterTemplates',
  'seed',
  'appBuilt',
  'listening',
  'ready',
] as const;
export type StartupPhase = (typeof STARTUP_PHASES)[number];

/** What the "started" line carries: each phase's own duration, and when it ended since the process started. */
export interface StartupTimings {
  /** Milliseconds each phase took: from the end of the phase marked before it (or the process's start). */
  phases: Partial<Record<StartupPhase, number>>;
  /** Milliseconds from the process's start to the end of each phase. */
  at: Partial<Record<StartupPhase, number>>;
}

export class StartupClock {
  readonly #marks = new Map<StartupPhase, number>();
  readonly #origin: number;

  /**
   * `origin`: when the start began, in performance.now()'s milliseconds: 0 (the process's start) for a server
   * process, the call of startHerald for a server started inside another process.
   */
  constructor(origin = 0) {
    this.#origin = origin;
  }

  /** Marks the end of a phase now (a phase marked twice keeps its first mark). */
  mark(phase: StartupPhase): void {
    if (!this.#marks.has(phase)) this.#marks.set(phase, performance.now());
  }

  has(phase: StartupPhase): boolean {
    return this.#marks.has(phase);
  }

  timings(): StartupTimings {
    const phases: StartupTimings['phases'] = {};
    const at: StartupTimings['at'] = {};
    let previous = this.#origin;
    for (const phase of STARTUP_PHASES) {
      const mark = this.#marks.get(phase);
      if (mark === undefined) continue;
      phases[phase] = Math.round(mark - previous);
      at[phase] = Math.round(mark - this.#origin);
      previous = mark;
    }
    return { phases, at };
  }
}
