import { mkdir } from 'node:fs/promises';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { hasCluster, startFromTemplate, templateForNewDataDir } from './pglite-template.ts';
import { PGliteThread } from './pglite-thread.ts';

/** The embedded database's thread, open on its data directory, which this process holds. */
export interface EmbeddedCluster {
  thread: PGliteThread;
  /**
   * Which cluster a new data directory was copied from: the migrated template, the empty one, or none
   * (PGlite ran initdb); undefined when the directory held a cluster already.
   */
  createdFrom: 'migrated template' | 'empty template' | 'initdb' | undefined;
  /** Releases the data directory (its lock file); call it once the database is closed, never before. */
  release(): void;
}

/**
 * Takes the data directory (data-dir-lock.ts), gives a new one its cluster from a template, and starts the
 * thread that opens it. It uses only light modules (no Kysely, no server areas), so main.ts starts it before
 * loading the rest of the server, and PGlite compiles its WebAssembly and opens the files on its own thread while
 * the server's modules load on this one: on two cores the two overlap instead of following each other.
 */
export async function openEmbeddedCluster(dataDir: string): Promise<EmbeddedCluster> {
  if (dataDir.startsWith('memory://')) {
    const thread = await PGliteThread.open({ dataDir });
    return { thread, createdFrom: 'initdb', release: () => {} };
  }
  // One process per embedded database directory: PGlite takes no lock, and a second opener loses commits.
  const lock: DataDirLock = await lockDataDir(dataDir);
  try {
    await mkdir(dataDir, { recursive: true });
    let createdFrom: EmbeddedCluster['createdFrom'];
    if (!hasCluster(dataDir)) {
      const template = templateForNewDataDir();
      createdFrom =
        template && (await startFromTemplate(dataDir, template.dir))
          ? template.migrated
            ? 'migrated template'
            : 'empty template'
          : 'initdb';
    }
    const thread = await PGliteThread.open({ dataDir });
    return { thread, createdFrom, release: () => lock.release() };
  } catch (error) {
    lock.release();
    throw error;
  }
}
