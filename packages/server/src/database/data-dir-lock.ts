import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * The lock file in PGlite's data directory, Herald's postmaster.pid. PGlite takes no lock of its own
 * (electric-sql/pglite#1106), and two processes on one directory lose committed transactions: the second
 * replays the first's WAL, writes its own checkpoint over it, and whatever the first commits afterwards is
 * never replayed after a crash (docs/architecture.md § Durability).
 */
export const DATA_DIR_LOCK_FILE = 'herald.pid';

interface LockHolder {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux), so a reused pid is not taken for the holder. */
  startTicks: string | null;
  host: string;
}

export class DataDirectoryInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${holder.pid} on ${holder.host}. Stop that ` +
        'process first: two processes on one PGlite directory lose committed data.',
    );
    this.name = 'DataDirectoryInUseError';
  }
}

export interface DataDirLock {
  /** Removes the lock file; call it once the database is closed, never before. */
  release(): void;
}

/** The lock files this process holds: a second open of the same directory in this process is refused too. */
const heldHere = new Set<string>();

/**
 * Takes PGlite's data directory for this process, or throws DataDirectoryInUseError when a live process holds
 * it. A lock left by a process that died (kill -9, a power cut) is taken over: the holder is alive only when a
 * process with its pid runs and, on Linux, started at the recorded moment. Creating the file is atomic (a
 * complete file is linked into place, failing if one exists); taking over a stale one re-reads it just before
 * removing it, so of two processes starting in the same instant one may fail and can simply be started again.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, DATA_DIR_LOCK_FILE);
  const mine = describe({ pid: process.pid, startTicks: startTicksOf(process.pid), host: hostname() });
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusively(lockFile, mine)) {
      heldHere.add(lockFile);
      return lockHeldAs(lockFile, mine);
    }
    const found = readIfPresent(lockFile);
    if (found === undefined) continue;
    const holder = parseHolder(found);
    if (holder && isRunning(holder, lockFile)) throw new DataDirectoryInUseError(dataDir, holder);
    // Stale (its process is gone) or unreadable: removed only if nobody replaced it meanwhile.
    if (readIfPresent(lockFile) === found) removeIfPresent(lockFile);
  }
  const holder = parseHolder(readIfPresent(lockFile) ?? '');
  throw new DataDirectoryInUseError(dataDir, holder ?? { pid: 0, startTicks: null, host: 'unknown' });
}

function lockHeldAs(lockFile: string, content: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(lockFile);
    process.off('exit', release);
    if (readIfPresent(lockFile) === content) removeIfPresent(lockFile);
  };
  // A process that ends without closing (an uncaught error) has no database running any more either.
  process.on('exit', release);
  return { release };
}

/** Writes the whole file beside the lock, then links it into place: the lock never exists half-written. */
function createExclusively(lockFile: string, content: string): boolean {
  const draft = `${lockFile}.${process.pid}.${Date.now()}`;
  writeFileSync(draft, content, { mode: 0o644 });
  try {
    linkSync(draft, lockFile);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    removeIfPresent(draft);
  }
}

function isRunning(holder: LockHolder, lockFile: string): boolean {
  // Our own pid: in a container every start may be pid 1, so it is ours only if this process took it.
  if (holder.pid === process.pid) return heldHere.has(lockFile);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const startTicks = startTicksOf(holder.pid);
  return holder.startTicks === null || startTicks === null || startTicks === holder.startTicks;
}

/** Field 22 of /proc/<pid>/stat, the process's start time; null where there is no /proc. */
function startTicksOf(pid: number): string | null {
  const stat = readIfPresent(`/proc/${pid}/stat`);
  if (stat === undefined) return null;
  // The fields after the command name, which sits in parentheses and may hold spaces: starttime is the 20th.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

function describe(holder: LockHolder): string {
  return `${holder.pid}\n${holder.startTicks ?? '-'}\n${holder.host}\n`;
}

function parseHolder(content: string): LockHolder | undefined {
  const [pid, startTicks, host] = content.split('\n');
  const parsedPid = Number(pid);
  if (!Number.isInteger(parsedPid) || parsedPid <= 0 || !startTicks || !host) return undefined;
  return { pid: parsedPid, startTicks: startTicks === '-' ? null : startTicks, host };
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function removeIfPresent(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
