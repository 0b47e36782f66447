import type { CheckResult } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import { checkRunOfAnswer, checkRunOfEvent, latestCheckRun } from './checkRuns.ts';

const passed: CheckResult = { name: 'size', status: 'pass', message: 'The e-mail is 2 KB.' };
const warned: CheckResult = {
  name: 'images',
  status: 'warn',
  message: 'An image has no alt text.',
  details: ['Version 1: logo.png has no alt text.'],
  variation: 1,
};

describe('checkRunOfEvent', () => {
  it('reads the results a checkFinished entry logs', () => {
    expect(
      checkRunOfEvent({
        id: 7,
        action: 'checkFinished',
        details: { revisionId: 3, worst: 'warn', checks: [passed, warned] },
      }),
    ).toEqual({ eventId: 7, revisionId: 3, worst: 'warn', checks: [passed, warned] });
  });

  it('reads a run that threw as its error, without results', () => {
    expect(
      checkRunOfEvent({
        id: 8,
        action: 'checkFinished',
        details: { revisionId: 3, worst: 'fail', error: 'ActivityFetchError' },
      }),
    ).toEqual({ eventId: 8, revisionId: 3, worst: 'fail', checks: [], error: 'ActivityFetchError' });
  });

  it('is no run for other entries or details it cannot read', () => {
    expect(checkRunOfEvent({ id: 1, action: 'check', details: {} })).toBeNull();
    expect(checkRunOfEvent({ id: 2, action: 'checkFinished', details: { worst: 'maybe' } })).toBeNull();
    expect(
      checkRunOfEvent({
        id: 3,
        action: 'checkFinished',
        details: {
          revisionId: 1,
          worst: 'pass',
          checks: [{ name: 'spelling', status: 'pass', message: '' }],
        },
      }),
    ).toBeNull();
  });
});

describe('checkRunOfAnswer', () => {
  it('takes the revision that was latest and the worst result', () => {
    expect(
      checkRunOfAnswer({ eventId: 9, checks: [passed, warned], activity: { latestRevisionId: 4 } }),
    ).toEqual({ eventId: 9, revisionId: 4, worst: 'warn', checks: [passed, warned] });
  });

  it('is no run for an answer without results', () => {
    expect(checkRunOfAnswer({ eventId: 9, activity: { latestRevisionId: 4 } })).toBeNull();
  });
});

describe('latestCheckRun', () => {
  const run = (eventId: number, revisionId: number | null) => ({
    eventId,
    revisionId,
    worst: 'pass' as const,
    checks: [passed],
  });

  it('takes the newest of the logged run and the answer', () => {
    expect(latestCheckRun([run(5, 2), run(9, 2), null], 2)?.eventId).toBe(9);
    expect(latestCheckRun([run(12, 2), run(9, 2)], 2)?.eventId).toBe(12);
  });

  it('has none when the newest run checked an older revision', () => {
    expect(latestCheckRun([run(5, 2), run(9, 2)], 3)).toBeNull();
    expect(latestCheckRun([run(5, 2)], null)).toBeNull();
  });

  it('has none before any run', () => {
    expect(latestCheckRun([null, null], 2)).toBeNull();
  });
});
