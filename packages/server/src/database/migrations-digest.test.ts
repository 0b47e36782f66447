import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { digestOfSources, migrationsDigest } from './migrations-digest.ts';

/** What packages/server/scripts/migrations-digest.mjs (the build's copy) computes for `databaseDir`. */
function buildDigest(databaseDir: string): string {
  const script = path.resolve(import.meta.dirname, '../../scripts/migrations-digest.mjs');
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { migrationsDigest } = await import(${JSON.stringify(script)});` +
        `process.stdout.write(migrationsDigest(${JSON.stringify(databaseDir)}));`,
    ],
    { encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

describe("the migrations' digest", () => {
  it('is the same from the TypeScript sources and from the build script', () => {
    expect(migrationsDigest()).toMatch(/^[0-9a-f]{16}$/);
    expect(buildDigest(import.meta.dirname)).toBe(migrationsDigest());
  });

  it('changes with a migration added or edited, not with anything else in the folder', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'herald-digest-'));
    try {
      cpSync(import.meta.dirname, copy, { recursive: true });
      const before = digestOfSources(copy);
      writeFileSync(path.join(copy, 'connect.ts'), '// not a migration\n');
      expect(digestOfSources(copy)).toBe(before);
      writeFileSync(path.join(copy, 'migrations', '9999-later.ts'), 'export async function up() {}\n');
      const added = digestOfSources(copy);
      expect(added).not.toBe(before);
      writeFileSync(path.join(copy, 'migrations', '9999-later.ts'), 'export async function up() { }\n');
      expect(digestOfSources(copy)).not.toBe(added);
      expect(buildDigest(copy)).toBe(digestOfSources(copy));
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
