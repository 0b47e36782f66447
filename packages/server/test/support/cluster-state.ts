import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * PostgreSQL's DBState enum (src/include/catalog/pg_control.h), in the order of its values: `shut down` once the
 * cluster was closed cleanly (its shutdown checkpoint written), `in production` while it is open or after it was
 * left without closing (the next open then runs crash recovery).
 */
const STATES = [
  'starting up',
  'shut down',
  'shut down in recovery',
  'shutting down',
  'in crash recovery',
  'in archive recovery',
  'in production',
] as const;

export type ClusterState = (typeof STATES)[number];

/**
 * The state an embedded database's control file records (`global/pg_control`): its DBState follows the system
 * identifier (8 bytes) and two 4-byte version numbers, little-endian as WebAssembly writes it. A cluster PGlite
 * closed says `shut down`; one whose process ended without closing it still says `in production`.
 */
export async function clusterState(pgliteDir: string): Promise<ClusterState | `unknown (${number})`> {
  const control = await readFile(path.join(pgliteDir, 'global', 'pg_control'));
  const value = control.readUInt32LE(16);
  return STATES[value] ?? `unknown (${value})`;
}
