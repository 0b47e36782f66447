import {
  errorMessage,
  targetIncludesListOrAudience,
  type CheckResult,
  type TargetNode,
} from '@herald/protocol';
import { checkOutcome } from './check-findings.ts';

/** What the destination and recipients checks know of an activity's target. */
export type TargetState =
  | { kind: 'none' }
  /** The saved text no longer holds (a list it names was deleted): the validation's message. */
  | { kind: 'invalid'; problem: string }
  | { kind: 'valid'; tree: TargetNode };

/**
 * `destination` (functional §5): a target that names no list or audience reaches everyone matching its other
 * conditions, which the editor asks to confirm; here it warns with the spec's own words. No target, or one
 * that no longer holds, fails.
 */
export function checkDestination(target: TargetState): CheckResult {
  switch (target.kind) {
    case 'none':
      return checkOutcome(
        'destination',
        [
          {
            status: 'fail',
            text: 'The activity has no target: choose the list or audience it goes to.',
            variation: 0,
          },
        ],
        '',
      );
    case 'invalid':
      return checkOutcome(
        'destination',
        [{ status: 'fail', text: `The target no longer holds: ${target.problem}`, variation: 0 }],
        '',
      );
    case 'valid':
      return targetIncludesListOrAudience(target.tree)
        ? checkOutcome('destination', [], 'The target includes a list or audience.')
        : checkOutcome(
            'destination',
            [{ status: 'warn', text: errorMessage('TargetWithoutListError'), variation: 0 }],
            '',
          );
  }
}
