import { describe, expect, it } from 'vitest';
import {
  canCancelJob,
  extractAddress,
  extractName,
  isAwaitingApproval,
  jobPercent,
  jobState,
  resultCounts,
} from './jobs.ts';

const approval = { required: false, approvedBy: null, approvedAt: null };

describe('jobs', () => {
  it('waits for approval while required, not approved and queued', () => {
    const required = { required: true, approvedBy: null, approvedAt: null };
    expect(isAwaitingApproval({ status: 'queued', approval: required })).toBe(true);
    expect(jobState({ status: 'queued', approval: required })).toBe('awaitingApproval');
    expect(jobState({ status: 'queued', approval: { ...required, approvedBy: 3 } })).toBe('queued');
    expect(jobState({ status: 'cancelled', approval: required })).toBe('cancelled');
    expect(jobState({ status: 'running', approval })).toBe('running');
  });

  it('computes progress, unknown without a total, full once succeeded', () => {
    expect(jobPercent({ status: 'running', progress: { done: 1, total: 3 } })).toBe(33);
    expect(jobPercent({ status: 'running', progress: { done: 5, total: null } })).toBeNull();
    expect(jobPercent({ status: 'running', progress: { done: 9, total: 0 } })).toBeNull();
    expect(jobPercent({ status: 'succeeded', progress: { done: 0, total: null } })).toBe(100);
    expect(jobPercent({ status: 'running', progress: { done: 7, total: 5 } })).toBe(100);
  });

  it('cancels only unfinished jobs', () => {
    expect(canCancelJob({ status: 'queued' })).toBe(true);
    expect(canCancelJob({ status: 'running' })).toBe(true);
    expect(canCancelJob({ status: 'succeeded' })).toBe(false);
    expect(canCancelJob({ status: 'failed' })).toBe(false);
  });

  it('names the extract of a succeeded export and builds its address', () => {
    expect(extractName({ status: 'succeeded', result: { name: 'abc' } })).toBe('abc');
    expect(extractName({ status: 'running', result: { name: 'abc' } })).toBeNull();
    expect(extractName({ status: 'succeeded', result: {} })).toBeNull();
    expect(extractAddress(7, 'a b')).toBe('/uiv5-extract/7/a%20b.zip');
  });

  it('keeps the numbers of a result', () => {
    expect(resultCounts({ created: 2, updated: 0, name: 'x', rejected: 1 })).toEqual([
      ['created', 2],
      ['updated', 0],
      ['rejected', 1],
    ]);
    expect(resultCounts(undefined)).toEqual([]);
  });
});
