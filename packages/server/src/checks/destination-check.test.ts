import { parseTarget } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import { checkDestination } from './destination-check.ts';
import { checkRecipients } from './recipients-check.ts';

const tree = (text: string) => {
  const parsed = parseTarget(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.tree;
};

describe('destination check', () => {
  it('passes a target with a list or an audience', () => {
    expect(checkDestination({ kind: 'valid', tree: tree('list 3 and country = "AU"') })).toEqual({
      name: 'destination',
      status: 'pass',
      message: 'The target includes a list or audience.',
    });
  });

  it('warns with functional §5’s text when the target names no list or audience', () => {
    expect(checkDestination({ kind: 'valid', tree: tree('country = "AU"') })).toMatchObject({
      status: 'warn',
      message: 'Your target expression does not include a list or audience.',
    });
  });

  it('fails without a target or with one that no longer holds', () => {
    expect(checkDestination({ kind: 'none' }).status).toBe('fail');
    expect(checkDestination({ kind: 'invalid', problem: 'List 3 does not exist' })).toMatchObject({
      status: 'fail',
      message: 'The target no longer holds: List 3 does not exist',
    });
  });
});

describe('recipients check', () => {
  it('passes a count within the send limit', () => {
    expect(checkRecipients(1234, 5000)).toEqual({
      name: 'recipients',
      status: 'pass',
      message: 'The target reaches 1,234 subscribers (send limit 5,000).',
    });
    expect(checkRecipients(1, null).message).toBe('The target reaches 1 subscriber.');
  });

  it('fails past the send limit and without a target, and warns when nobody is reached', () => {
    expect(checkRecipients(5001, 5000)).toMatchObject({
      status: 'fail',
      message:
        'The target reaches 5,001 subscribers, over the send limit of 5,000: narrow the target or raise the limit.',
    });
    expect(checkRecipients(undefined, null).status).toBe('fail');
    expect(checkRecipients(0, null).status).toBe('warn');
  });
});
