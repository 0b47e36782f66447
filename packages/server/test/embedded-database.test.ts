import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStartMarkers } from '../src/database/herald-state.ts';
import { migrationsDigest } from '../src/database/migrations-digest.ts';
import { ChannelClient } from './support/channel-client.ts';
import { startTestHerald } from './support/herald.ts';

describe('the embedded database on disk', () => {
  it('creates the cluster in a new directory, keeps data across a graceful restart, and migrates once', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'herald-pglite-'));
    const onDisk = {
      databaseUrl: undefined,
      pgliteDataDir: directory,
      seedDemoData: true,
      demoPassword: 'restart-password-1',
    };
    try {
      const first = await startTestHerald(onDisk);
      expect(first.seed.seeded).toBe(true);
      const session = await ChannelClient.open(first.wsUrl('session'));
      const { sessionId } = await session.call<{ sessionId: string }>('createSession', {
        email: 'admin@example.com',
        password: 'restart-password-1',
      });
      session.close();
      await first.stop();
      expect(existsSync(path.join(directory, 'PG_VERSION'))).toBe(true);

      const second = await startTestHerald(onDisk);
      try {
        expect(second.seed.seeded).toBe(false);
        const again = await ChannelClient.open(second.wsUrl('session'));
        const profile = await again.call<{ organizations: Array<{ organization: string }> }>(
          'getUserProfile',
          { sessionId },
        );
        expect(profile.organizations.map((organization) => organization.organization)).toEqual([
          'Acme Retail',
          'Demo Pizza Co',
        ]);
        again.close();
        const migrations = await second.database.db
          .selectFrom('herald_migration' as never)
          .select('name' as never)
          .execute();
        expect(migrations.length).toBeGreaterThan(0);
        // Recorded, so a restart with the same migrations skips the migrator's pass.
        expect((await readStartMarkers(second.database.db)).get('migrations')).toBe(migrationsDigest());
      } finally {
        await second.stop();
      }
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
