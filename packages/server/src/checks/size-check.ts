import {
  countSmsSegments,
  EMAIL_SIZE_FAILURE_BYTES,
  EMAIL_SIZE_WARNING_BYTES,
  type CheckResult,
} from '@herald/protocol';
import { checkOutcome, type Finding } from './check-findings.ts';
import type { CheckedContent } from './checked-content.ts';

/** An SMS longer than this many segments warns: each segment is charged as a message. */
export const SMS_SEGMENT_WARNING = 4;
/** A push body longer than this is cut on a phone's lock screen (iOS shows about 178 characters). */
export const PUSH_BODY_WARNING_CHARACTERS = 178;

const kilobytes = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

/**
 * `size` (functional §5): an e-mail's rendered HTML, per version, warns from 100 KB (Gmail clips a message
 * past about 102 KB) and fails from 200 KB. An SMS warns past four segments, a push body past what a lock
 * screen shows; other channels have no size to check.
 */
export function checkSize(content: CheckedContent): CheckResult {
  const findings: Finding[] = [];
  const versions = content.versions;
  switch (content.channel) {
    case 'email': {
      for (const version of versions) {
        const size = kilobytes(version.sizeBytes);
        if (version.sizeBytes >= EMAIL_SIZE_FAILURE_BYTES)
          findings.push({
            status: 'fail',
            text: `The e-mail is ${size}, over the ${kilobytes(EMAIL_SIZE_FAILURE_BYTES)} limit: remove blocks or shorten the text.`,
            variation: version.variation,
          });
        else if (version.sizeBytes >= EMAIL_SIZE_WARNING_BYTES)
          findings.push({
            status: 'warn',
            text: `The e-mail is ${size}; inboxes clip it past ${kilobytes(EMAIL_SIZE_WARNING_BYTES)}: shorten it.`,
            variation: version.variation,
          });
      }
      const largest = Math.max(0, ...versions.map((version) => version.sizeBytes));
      return checkOutcome(
        'size',
        findings,
        `The e-mail is ${kilobytes(largest)}, under ${kilobytes(EMAIL_SIZE_WARNING_BYTES)}.`,
        versions.length,
      );
    }
    case 'sms': {
      const segments = Math.max(0, ...versions.map((version) => countSmsSegments(version.text).segments));
      if (segments > SMS_SEGMENT_WARNING)
        findings.push({
          status: 'warn',
          text: `The SMS is ${segments} segments, each charged as a message: shorten it to ${SMS_SEGMENT_WARNING} or fewer.`,
          variation: 0,
        });
      return checkOutcome('size', findings, `The SMS is ${segments} segment${segments === 1 ? '' : 's'}.`);
    }
    case 'pushnotification': {
      const characters = Math.max(0, ...versions.map((version) => [...version.text].length));
      if (characters > PUSH_BODY_WARNING_CHARACTERS)
        findings.push({
          status: 'warn',
          text: `The message is ${characters} characters; phones cut it past ${PUSH_BODY_WARNING_CHARACTERS}: shorten it.`,
          variation: 0,
        });
      return checkOutcome('size', findings, `The message is ${characters} characters.`);
    }
    default:
      return checkOutcome('size', findings, 'This channel has no size limit to check.');
  }
}
