import { describe, expect, it, vi } from 'vitest';
import type { TemplateRecord } from '@herald/protocol';
import { readCachedTemplates, templateCacheKey, writeCachedTemplates } from './templateCache.ts';

const template: TemplateRecord = {
  id: 1,
  name: 'Welcome',
  url: 'v5_starter-welcome',
  isNative: true,
  version: '1.0.0',
  hash: 'a'.repeat(64),
  description: '',
  isStarter: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('the template list cache', () => {
  it('keeps the list per organization', () => {
    const storage = memoryStorage();
    writeCachedTemplates(storage, 7, [template]);
    const warn = vi.fn();
    expect(readCachedTemplates(storage, 7, warn)).toEqual([template]);
    expect(readCachedTemplates(storage, 8, warn)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('only warns when the read fails, answering nothing so the live fetch follows', () => {
    const warn = vi.fn();
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(readCachedTemplates(broken, 7, warn)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    const garbled = memoryStorage();
    garbled.setItem(templateCacheKey(7), '{not json');
    expect(readCachedTemplates(garbled, 7, warn)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(readCachedTemplates(undefined, 7, warn)).toBeNull();
  });

  it('ignores a storage that refuses to write', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeCachedTemplates(full, 7, [template])).not.toThrow();
  });
});
