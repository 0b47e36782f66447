import type { CheckResult } from '@herald/protocol';
import { checkOutcome } from './check-findings.ts';

const number = (value: number) => value.toLocaleString('en');

/**
 * `recipients` (functional §5): how many subscribers the target reaches now, failing past the activity's send
 * limit (a broadcast that would is aborted) and warning when it reaches nobody. `count` is undefined when
 * there is no valid target to count, which the destination check explains.
 */
export function checkRecipients(count: number | undefined, sendLimit: number | null): CheckResult {
  if (count === undefined)
    return checkOutcome(
      'recipients',
      [{ status: 'fail', text: 'There is no valid target to count: choose a target.', variation: 0 }],
      '',
    );
  if (sendLimit !== null && count > sendLimit)
    return checkOutcome(
      'recipients',
      [
        {
          status: 'fail',
          text: `The target reaches ${number(count)} subscribers, over the send limit of ${number(sendLimit)}: narrow the target or raise the limit.`,
          variation: 0,
        },
      ],
      '',
    );
  if (count === 0)
    return checkOutcome(
      'recipients',
      [{ status: 'warn', text: 'The target reaches no subscribers: check its conditions.', variation: 0 }],
      '',
    );
  const limit = sendLimit === null ? '' : ` (send limit ${number(sendLimit)})`;
  return checkOutcome(
    'recipients',
    [],
    `The target reaches ${number(count)} subscriber${count === 1 ? '' : 's'}${limit}.`,
  );
}
