import { isValidEmailAddress } from '@herald/protocol';
import { PROOF_RECIPIENTS_AT_MOST } from './workflowConstants.ts';

/** Who a proof request goes to as the dialog holds it: typed addresses and chosen test profiles (user ids). */
export interface ProofRecipients {
  emails: readonly string[];
  testProfileIds: readonly number[];
}

/**
 * What is wrong with the request before it is sent (the server checks the same and answers ValidationError):
 * the typed entries that are not e-mail addresses, whether it names nobody, and whether it names more than
 * PROOF_RECIPIENTS_AT_MOST people, counting addresses and profiles together, each once.
 */
export function proofRecipientProblems(recipients: ProofRecipients): {
  invalidEmails: string[];
  empty: boolean;
  overLimit: boolean;
} {
  const count = new Set(recipients.emails).size + new Set(recipients.testProfileIds).size;
  return {
    invalidEmails: recipients.emails.filter((email) => !isValidEmailAddress(email)),
    empty: count === 0,
    overLimit: count > PROOF_RECIPIENTS_AT_MOST,
  };
}

/** The typed tags as addresses: trimmed, without blanks or repeats (case-insensitively, the first kept). */
export function cleanProofEmails(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const emails: string[] = [];
  for (const tag of tags) {
    const email = tag.trim();
    if (email === '' || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    emails.push(email);
  }
  return emails;
}

/**
 * The server's ValidationError details of a proof request, each naming the entry it is about: `emails.2` is
 * the third address sent, `testProfileIds.0` the first profile (by the name the dialog showed). A detail about
 * the whole request keeps its message alone.
 */
export function proofProblemLines(
  details: ReadonlyArray<{ path: string; message: string }>,
  sent: ProofRecipients,
  profileName: (testProfileId: number) => string | undefined,
): string[] {
  return details.map((detail) => {
    const [field, index] = detail.path.split('.');
    const position = Number(index);
    const entry =
      index === undefined || !Number.isInteger(position)
        ? undefined
        : field === 'emails'
          ? sent.emails[position]
          : field === 'testProfileIds'
            ? profileName(sent.testProfileIds[position] ?? 0)
            : undefined;
    return entry ? `${entry}: ${detail.message}` : detail.message;
  });
}
