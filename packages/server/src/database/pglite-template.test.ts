import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFromTemplate } from './pglite-template.ts';

describe('a new data directory starting from the empty cluster', () => {
  const directories: string[] = [];
  const newDirectory = () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'herald-template-'));
    directories.push(directory);
    return directory;
  };
  afterEach(() => {
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });
  /** A stand-in for the install-time cluster: its mark and a file in a subdirectory. */
  const template = () => {
    const directory = newDirectory();
    mkdirSync(path.join(directory, 'base/1'), { recursive: true });
    writeFileSync(path.join(directory, 'base/1/1259'), 'catalog');
    writeFileSync(path.join(directory, 'PG_VERSION'), '17\n');
    return directory;
  };

  it('gets a copy of it beside the files already there (the lock)', async () => {
    const dataDir = newDirectory();
    writeFileSync(path.join(dataDir, 'herald.pid'), 'mine');
    expect(await startFromTemplate(dataDir, template())).toBe(true);
    expect(readFileSync(path.join(dataDir, 'base/1/1259'), 'utf8')).toBe('catalog');
    expect(readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(path.join(dataDir, 'herald.pid'), 'utf8')).toBe('mine');
  });

  it('is copied again over a copy cut short (no mark yet), and never over a cluster', async () => {
    const dataDir = newDirectory();
    mkdirSync(path.join(dataDir, 'base/1'), { recursive: true });
    writeFileSync(path.join(dataDir, 'base/1/1259'), 'half');
    expect(await startFromTemplate(dataDir, template())).toBe(true);
    expect(readFileSync(path.join(dataDir, 'base/1/1259'), 'utf8')).toBe('catalog');

    writeFileSync(path.join(dataDir, 'base/1/1259'), 'written since');
    expect(await startFromTemplate(dataDir, template())).toBe(false);
    expect(readFileSync(path.join(dataDir, 'base/1/1259'), 'utf8')).toBe('written since');
  });

  it('leaves a new directory to initdb when no template was made', async () => {
    const dataDir = newDirectory();
    expect(await startFromTemplate(dataDir, path.join(newDirectory(), 'none'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
  });
});
