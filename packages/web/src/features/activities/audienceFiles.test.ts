import { describe, expect, it } from 'vitest';
import { audienceFileAddress, audienceFileState } from './audienceFiles.ts';

describe('display-ad audience files', () => {
  it('offers a finished run’s kept file, says when none was kept, and waits for a run under way', () => {
    expect(audienceFileState({ status: 'finished', audienceFile: 'audience-7.csv' })).toBe('download');
    expect(audienceFileState({ status: 'finished', audienceFile: null })).toBe('notKept');
    expect(audienceFileState({ status: 'sending', audienceFile: null })).toBe('pending');
    expect(audienceFileState({ status: 'waiting', audienceFile: 'audience-7.csv' })).toBe('pending');
  });

  it('builds the download address of a run', () => {
    expect(audienceFileAddress(12, 345)).toBe('/uiv5-audience/12/345.csv');
  });
});
