import { messagingRulesOf, type ActivityFrequency, type Channel } from '@herald/protocol';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { checkTarget } from '../targets/target-input.ts';
import { hasAddress } from './recipient-address.ts';

/** Why the snapshot left a recipient out with a row of their own (status `suppressed`), in the page's words. */
export const SUPPRESSION_REASONS = {
  suppression: 'On the organization’s suppression list',
  frequency: 'Already sent this activity within its send frequency',
  frequencyCap: 'Reached the organization’s frequency cap',
} as const;
export type SuppressionReason = keyof typeof SUPPRESSION_REASONS;

export interface SnapshotInput {
  organizationId: number;
  runId: number;
  activityId: number;
  channel: Channel;
  target: string | null;
  frequency: ActivityFrequency;
  /** How many versions the content has (an e-mail's combinations); recipients are spread evenly over them. */
  versions: number;
  settings: Record<string, unknown>;
}

/**
 * Takes a run's snapshot (docs/architecture.md § The delivery engine) in the caller's transaction: the target as
 * compiled now, less the globally unsubscribed, the invalid, the anonymized and those without the channel's
 * address (no row), each left with one `queued` delivery, unique by run and subscriber. Those a rule holds back
 * get a `suppressed` row saying which: the organization's suppression list (e-mail), the activity's send
 * frequency (a delivery of it sent within its days, or ever for `once`), the frequency cap across activities. The
 * list-unsubscribed are left out by the target itself: `list 12` means the list's subscribed members. Answers the
 * counts.
 */
export async function snapshotRecipients(
  trx: Transaction<Database>,
  input: SnapshotInput,
): Promise<{ recipients: number; suppressed: number }> {
  const target = input.target?.trim()
    ? (await checkTarget(trx, input.organizationId, input.target, 'target')).condition
    : sql<boolean>`false`;
  const rules = messagingRulesOf(input.settings);
  const addresses = rules.suppression.filter((entry) => entry.includes('@') && !entry.startsWith('@'));
  const domains = rules.suppression
    .filter((entry) => !entry.includes('@') || entry.startsWith('@'))
    .map((entry) => entry.replace(/^@/, ''));
  const suppressed =
    input.channel === 'email' && rules.suppression.length > 0
      ? sql<boolean>`(lower(subscriber.email) = ANY(${addresses}::text[])
          OR split_part(lower(subscriber.email), '@', 2) = ANY(${domains}::text[]))`
      : sql<boolean>`false`;
  const outsideFrequency = frequencyCondition(input);
  const cap = rules.frequencyCap;
  const overCap = cap
    ? sql<boolean>`(SELECT count(*) FROM delivery p WHERE p.subscriber_id = subscriber.id
        AND p.organization_id = ${input.organizationId} AND p.status IN ('sent', 'bounced')
        AND p.sent_at > now() - make_interval(days => ${cap.per === 'day' ? 1 : 7})) >= ${cap.messages}`
    : sql<boolean>`false`;
  const reason = (code: SuppressionReason) =>
    sql`jsonb_build_object('message', ${SUPPRESSION_REASONS[code]}::text, 'code', ${code}::text)`;
  await sql`
    INSERT INTO delivery (organization_id, run_id, activity_id, subscriber_id, channel, status, variation, error)
    SELECT ${input.organizationId}, ${input.runId}, ${input.activityId}, c.id, ${input.channel},
      CASE WHEN c.error IS NULL THEN 'queued' ELSE 'suppressed' END,
      ((row_number() OVER (ORDER BY c.id)) - 1) % ${Math.max(1, input.versions)}, c.error
    FROM (
      SELECT subscriber.id, CASE
          WHEN ${suppressed} THEN ${reason('suppression')}
          WHEN ${outsideFrequency} THEN ${reason('frequency')}
          WHEN ${overCap} THEN ${reason('frequencyCap')}
        END AS error
      FROM subscriber
      WHERE subscriber.organization_id = ${input.organizationId} AND subscriber.anonymized_at IS NULL
        AND NOT subscriber.is_unsubscribed AND NOT subscriber.is_invalid
        AND ${hasAddress(input.channel)} AND coalesce(${target}, false)
    ) c
    ON CONFLICT (run_id, subscriber_id) DO NOTHING`.execute(trx);
  const counts = await sql<{ queued: number; suppressed: number }>`
    SELECT count(*) FILTER (WHERE status <> 'suppressed')::integer AS queued,
      count(*) FILTER (WHERE status = 'suppressed')::integer AS suppressed
    FROM delivery WHERE run_id = ${input.runId}`.execute(trx);
  const row = counts.rows[0] ?? { queued: 0, suppressed: 0 };
  return { recipients: Number(row.queued), suppressed: Number(row.suppressed) };
}

/** The subscriber had a delivery of this activity (another run) sent within its send frequency. */
function frequencyCondition(input: SnapshotInput): RawBuilder<boolean> {
  const { frequency } = input;
  if (frequency.type === 'none') return sql<boolean>`false`;
  const within =
    frequency.type === 'once'
      ? sql``
      : sql` AND p.sent_at > now() - make_interval(days => ${frequency.days ?? 1})`;
  return sql<boolean>`EXISTS (SELECT 1 FROM delivery p WHERE p.subscriber_id = subscriber.id
    AND p.activity_id = ${input.activityId} AND p.run_id <> ${input.runId}
    AND p.status IN ('sent', 'bounced')${within})`;
}
