import { PROOF_RECIPIENT_LIMIT } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import { cleanProofEmails, proofProblemLines, proofRecipientProblems } from './proofRecipients.ts';

describe('proofRecipientProblems', () => {
  it('passes addresses and profiles within the limit', () => {
    expect(proofRecipientProblems({ emails: ['ana@bakery.test'], testProfileIds: [3] })).toEqual({
      invalidEmails: [],
      empty: false,
      overLimit: false,
    });
  });

  it('names the entries that are not addresses', () => {
    expect(
      proofRecipientProblems({ emails: ['ana@bakery.test', 'ana', 'b@c'], testProfileIds: [] }).invalidEmails,
    ).toEqual(['ana', 'b@c']);
  });

  it('needs someone', () => {
    expect(proofRecipientProblems({ emails: [], testProfileIds: [] }).empty).toBe(true);
  });

  it('counts addresses and profiles together against the limit', () => {
    const emails = Array.from({ length: PROOF_RECIPIENT_LIMIT - 1 }, (_, index) => `p${index}@bakery.test`);
    expect(proofRecipientProblems({ emails, testProfileIds: [1] }).overLimit).toBe(false);
    expect(proofRecipientProblems({ emails, testProfileIds: [1, 2] }).overLimit).toBe(true);
  });
});

describe('cleanProofEmails', () => {
  it('trims, drops blanks and repeats', () => {
    expect(cleanProofEmails([' ana@bakery.test ', '', 'ANA@bakery.test', 'ben@bakery.test'])).toEqual([
      'ana@bakery.test',
      'ben@bakery.test',
    ]);
  });
});

describe('proofProblemLines', () => {
  const sent = { emails: ['ana@bakery.test', 'ben@bakery.test'], testProfileIds: [7] };
  const names = (id: number) => (id === 7 ? 'Mia Baker' : undefined);

  it('names the address or profile each problem is about', () => {
    expect(
      proofProblemLines(
        [
          { path: 'emails.1', message: 'needs exactly one @' },
          { path: 'testProfileIds.0', message: 'has no e-mail address' },
        ],
        sent,
        names,
      ),
    ).toEqual(['ben@bakery.test: needs exactly one @', 'Mia Baker: has no e-mail address']);
  });

  it('keeps a problem of the whole request as it is', () => {
    expect(proofProblemLines([{ path: 'emails', message: 'Give at least one' }], sent, names)).toEqual([
      'Give at least one',
    ]);
  });
});
