import type { CheckResult } from '@herald/protocol';
import { checkOutcome, type Finding } from './check-findings.ts';
import type { CheckedContent } from './checked-content.ts';

/** A subject longer than this warns: inboxes show 40 to 90 characters and spam filters weigh long ones. */
export const SUBJECT_MAX_CHARACTERS = 150;

/**
 * Phrases spam filters score in a subject (from SpamAssassin's subject rules and the lists mail providers
 * publish), kept short on purpose: each is a warning to reword, not a verdict.
 */
export const SPAM_PHRASES = [
  '100% free',
  'act now',
  'buy now',
  'cash bonus',
  'click here',
  'earn money',
  'free money',
  'guaranteed',
  'limited time only',
  'no credit check',
  'risk-free',
  'urgent',
  'winner',
  '$$$',
  '!!!',
] as const;

/** Whether a text is written in capitals: at least five cased letters and none of them lower case. */
export function isAllCapitals(text: string): boolean {
  const upper = text.match(/\p{Lu}/gu)?.length ?? 0;
  return upper >= 5 && !/\p{Ll}/u.test(text);
}

/** The spam phrases a subject contains, as listed. */
export function spamPhrasesIn(subject: string): string[] {
  const lower = subject.toLowerCase();
  return SPAM_PHRASES.filter((phrase) =>
    /^[a-z]/.test(phrase)
      ? new RegExp(`\\b${phrase.replace(/[$%!-]/g, '\\$&')}\\b`).test(lower)
      : lower.includes(phrase),
  );
}

/**
 * `subject`, per version, on the subject as the sample recipient gets it (a push notification's title): empty
 * fails for an e-mail (warns for a push, whose title is optional, and when only fields the sample recipient
 * lacks make it empty); too long, in capitals or with spam phrases
 * warns. Other channels have no subject line.
 */
export function checkSubject(content: CheckedContent): CheckResult {
  if (content.channel !== 'email' && content.channel !== 'pushnotification')
    return checkOutcome('subject', [], 'This channel has no subject line.');
  const what = content.channel === 'email' ? 'subject' : 'title';
  const findings: Finding[] = [];
  for (const { variation, subject, subjectSource } of content.versions) {
    const add = (status: Finding['status'], text: string) => findings.push({ status, text, variation });
    const characters = [...subject].length;
    if (characters === 0 && subjectSource?.includes('{{')) {
      // Written, but all fields the sample recipient lacks: subscribers without them get an empty subject.
      add(
        'warn',
        `The ${what} is empty for the sample recipient: give its fields a fallback with | default.`,
      );
      continue;
    }
    if (characters === 0) {
      add(content.channel === 'email' ? 'fail' : 'warn', `The ${what} is empty: write one.`);
      continue;
    }
    if (characters > SUBJECT_MAX_CHARACTERS)
      add('warn', `The ${what} is ${characters} characters: keep it within ${SUBJECT_MAX_CHARACTERS}.`);
    if (isAllCapitals(subject)) add('warn', `The ${what} is in capitals: write it in sentence case.`);
    for (const phrase of spamPhrasesIn(subject))
      add('warn', `The ${what} contains “${phrase}”, which spam filters score: reword it.`);
  }
  return checkOutcome('subject', findings, `The ${what} reads well.`, content.versions.length);
}
