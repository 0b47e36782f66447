import { HeraldError } from '@herald/protocol';
import { KeyedSemaphore } from '../sessions/keyed-semaphore.ts';

/**
 * How much one socket and one user may have the server do at once. A burst from one socket (300 searches by a
 * viewer) used to queue all of it on the embedded database's single connection ahead of everyone else's work;
 * now a socket runs a few commands at a time and a user a few more across their sockets, later ones wait their
 * turn (so a page that asks for many things at once is served, in order), and past the waiting room the answer
 * is TooManyRequestsError at once. Work still waiting when its socket closes is dropped, never run.
 */
export const commandLimits = {
  runningPerConnection: 4,
  waitingPerConnection: 64,
  runningPerUser: 8,
};

/** Commands answered at once, outside the limits: a ping must show the connection alive however busy it is. */
const UNGATED = new Set(['ping']);

/** The gate's view of one socket. */
export interface GatedSocket {
  readonly id: string;
  waiting: number;
  closed: boolean;
}

export class CommandGate {
  readonly #semaphore = new KeyedSemaphore();

  async run<T>(
    command: string,
    socket: GatedSocket,
    userId: number | undefined,
    work: () => Promise<T>,
  ): Promise<T> {
    if (UNGATED.has(command)) return work();
    if (socket.waiting >= commandLimits.waitingPerConnection) throw new HeraldError('TooManyRequestsError');
    const keys = [{ id: `socket:${socket.id}`, limit: commandLimits.runningPerConnection }];
    if (userId !== undefined) keys.push({ id: `user:${userId}`, limit: commandLimits.runningPerUser });
    socket.waiting += 1;
    let started = false;
    return this.#semaphore
      .run(keys, async () => {
        socket.waiting -= 1;
        started = true;
        // Nobody is left to answer: the work is dropped rather than taking its turn on the database.
        if (socket.closed) throw new HeraldError('RequestProcessingError');
        return work();
      })
      .finally(() => {
        if (!started) socket.waiting -= 1;
      });
  }
}
