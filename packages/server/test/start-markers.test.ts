import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/database/connect.ts';
import { readStartMarkers, writeStartMarker } from '../src/database/herald-state.ts';
import { migrateIfChanged } from '../src/database/migrate.ts';
import { migrationsDigest } from '../src/database/migrations-digest.ts';
import {
  installStarterTemplatesIfChanged,
  starterTemplatesDigest,
} from '../src/templates/starter-templates.ts';
import { resealVaultIfNeeded } from '../src/vault/reseal.ts';
import { currentVaultKeyId, useVaultKey } from '../src/vault/secret-box.ts';
import { createFreshDatabase } from './support/fresh-database.ts';

const VAULT_KEY = 'test-vault-key-test-vault-key';

/**
 * What a start skips when nothing changed since the last one (database/herald-state.ts): the migrator's pass, the
 * starter templates' refresh and the vault's reseal each run once, record their marker, and are skipped while it
 * holds; a changed marker (new migrations, a new starter set, a new key or a rotation) runs them again. On a
 * database of its own: a new embedded one (a copy of the empty cluster), or a new PostgreSQL database.
 */
describe('start markers', () => {
  let database: DatabaseHandle;
  let fresh: Awaited<ReturnType<typeof createFreshDatabase>> | undefined;
  let directory: string | undefined;
  beforeAll(async () => {
    if (process.env.DATABASE_URL) fresh = await createFreshDatabase(process.env.DATABASE_URL);
    else directory = await mkdtemp(path.join(tmpdir(), 'herald-markers-'));
    database = await openDatabase({
      databaseUrl: fresh?.url,
      pgliteDataDir: directory ? path.join(directory, 'pglite') : 'memory://',
    });
  });
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
    if (directory) await rm(directory, { recursive: true, force: true });
    useVaultKey(VAULT_KEY);
  });

  it('migrates an empty database once, then skips the migrator while the digest is the same', async () => {
    const db = database.db;
    expect(await readStartMarkers(db)).toEqual(new Map());
    const first = await migrateIfChanged(db as never);
    expect(first.skipped).toBe(false);
    expect(first.ran).toContain('0040-herald-state');
    expect((await readStartMarkers(db)).get('migrations')).toBe(migrationsDigest());
    expect(await migrateIfChanged(db as never)).toEqual({ skipped: true, ran: [] });

    // Another digest recorded (a new migration shipped, or its source changed): the migrator runs, finds
    // nothing to run here, and records the current digest.
    await writeStartMarker(db, 'migrations', 'an-older-digest');
    expect(await migrateIfChanged(db as never)).toEqual({ skipped: false, ran: [] });
    expect((await readStartMarkers(db)).get('migrations')).toBe(migrationsDigest());
  });

  it('installs the starter templates when their set changed, and not otherwise', async () => {
    const db = database.db;
    expect(await installStarterTemplatesIfChanged(db)).toBe(true);
    expect((await readStartMarkers(db)).get('starter-templates')).toBe(starterTemplatesDigest());
    const installed = await sql<{
      count: number;
    }>`SELECT count(*)::integer AS count FROM starter_template`.execute(db);
    expect(installed.rows[0]?.count).toBe(3);
    expect(await installStarterTemplatesIfChanged(db)).toBe(false);
    await writeStartMarker(db, 'starter-templates', 'an-older-set');
    expect(await installStarterTemplatesIfChanged(db)).toBe(true);
  });

  it('reseals once under a key, again under a new key or while previous keys are given', async () => {
    const db = database.db;
    useVaultKey('start-markers-key-A');
    expect(await resealVaultIfNeeded(db, { previousKeysGiven: false })).toBe(0);
    expect((await readStartMarkers(db)).get('vault-key')).toBe(currentVaultKeyId());
    expect(await resealVaultIfNeeded(db, { previousKeysGiven: false })).toBeUndefined();
    // A rotation under way: every start reseals, since a process still on the old key may have sealed more.
    useVaultKey('start-markers-key-B', ['start-markers-key-A']);
    expect(await resealVaultIfNeeded(db, { previousKeysGiven: true })).toBe(0);
    expect(await resealVaultIfNeeded(db, { previousKeysGiven: true })).toBe(0);
    // The old key dropped: the last reseal was under this key, so there is nothing to do.
    useVaultKey('start-markers-key-B');
    expect(await resealVaultIfNeeded(db, { previousKeysGiven: false })).toBeUndefined();
    // A data directory made from a template by this start has nothing sealed: the key is recorded, nothing read.
    useVaultKey('start-markers-key-C');
    expect(await resealVaultIfNeeded(db, { previousKeysGiven: false, newDatabase: true })).toBe(0);
    expect((await readStartMarkers(db)).get('vault-key')).toBe(currentVaultKeyId());
  });
});
