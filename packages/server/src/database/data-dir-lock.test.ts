import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK_FILE, DataDirectoryInUseError, lockDataDir } from './data-dir-lock.ts';

describe('the PGlite data directory lock', () => {
  const directories: string[] = [];
  const newDirectory = () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'herald-lock-'));
    directories.push(directory);
    return directory;
  };
  afterEach(() => {
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });

  it('is taken once: a second open, here or in another process, is refused until it is released', async () => {
    const directory = newDirectory();
    const lock = await lockDataDir(directory);
    expect(readFileSync(path.join(directory, DATA_DIR_LOCK_FILE), 'utf8')).toMatch(`${process.pid}\n`);
    await expect(lockDataDir(directory)).rejects.toBeInstanceOf(DataDirectoryInUseError);
    lock.release();
    expect(existsSync(path.join(directory, DATA_DIR_LOCK_FILE))).toBe(false);
    (await lockDataDir(directory)).release();
  });

  it('refuses a directory a live process holds', async () => {
    const directory = newDirectory();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30_000)']);
    try {
      const startTicks = readFileSync(`/proc/${other.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
      writeFileSync(path.join(directory, DATA_DIR_LOCK_FILE), `${other.pid}\n${startTicks}\nelsewhere\n`);
      await expect(lockDataDir(directory)).rejects.toThrow(`in use by process ${other.pid}`);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over the lock of a process that died, or of one whose pid now names another process', async () => {
    const directory = newDirectory();
    const other = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => other.once('exit', resolve));
    writeFileSync(path.join(directory, DATA_DIR_LOCK_FILE), `${other.pid}\n123\nhere\n`);
    (await lockDataDir(directory)).release();
    // Our own pid with another start time: a container's pid 1 after a restart.
    writeFileSync(path.join(directory, DATA_DIR_LOCK_FILE), `${process.pid}\n1\nhere\n`);
    (await lockDataDir(directory)).release();
    // A parent's pid, alive, but started at another moment than the one recorded.
    writeFileSync(path.join(directory, DATA_DIR_LOCK_FILE), `${process.ppid}\n1\nhere\n`);
    (await lockDataDir(directory)).release();
    writeFileSync(path.join(directory, DATA_DIR_LOCK_FILE), '');
    (await lockDataDir(directory)).release();
  });
});
