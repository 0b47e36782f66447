import type { Scheduler } from '../channel/scheduler.ts';

/** Code that did not arrive: a failed download, or none within the time-out (platform §9, 120 s). */
export class ChunkLoadError extends Error {
  constructor(readonly reason: 'timeout' | 'failed') {
    super(reason === 'timeout' ? 'Loading the page took too long' : 'Loading the page failed');
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/** A dynamic import that settles within `timeoutMs` one way or the other; a late arrival is ignored. */
export function loadWithTimeout<Module>(
  load: () => Promise<Module>,
  timeoutMs: number,
  scheduler: Scheduler,
): Promise<Module> {
  return new Promise<Module>((resolve, reject) => {
    const cancelTimeout = scheduler.after(timeoutMs, () => reject(new ChunkLoadError('timeout')));
    load().then(
      (module) => {
        cancelTimeout();
        resolve(module);
      },
      () => {
        cancelTimeout();
        reject(new ChunkLoadError('failed'));
      },
    );
  });
}
