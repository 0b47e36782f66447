import { PROOF_RECIPIENT_LIMIT } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import { cleanProofEmails, proofRecipientProblems } from './proofRecipients.ts';

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
