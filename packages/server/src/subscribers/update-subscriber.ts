import {
  HeraldError,
  STANDARD_PROFILE_FIELDS,
  subscriberUpdateSchema,
  type SubscriberRecord,
} from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { checkPartitions } from '../partitions/check-partitions.ts';
import { validation, type Actor } from '../query/resources.ts';
import { checkCustomValue, subscriberFieldRules } from './custom-values.ts';
import { lockVisibleSubscriber } from './subscriber-access.ts';
import { SUBSCRIBER_SELECT, subscriberRecord, type SubscriberRow } from './subscriber-record.ts';

type CustomValue = string | number | boolean | null;

/** What updateSubscriber's `data` may name; extra, notifications and resume_date are preferences. */
const UPDATABLE_KEYS: readonly string[] = Object.keys(subscriberUpdateSchema.shape);
/** Standard profile fields other than the preferences above: never updated on an existing subscriber. */
const LOCKED_FIELDS: readonly string[] = STANDARD_PROFILE_FIELDS.filter(
  (field) => !UPDATABLE_KEYS.includes(field),
);

/** Patches a JSON object: keys with null are removed, others set. */
function patched(current: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const next = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/**
 * updateSubscriber's rules (functional §5): the payload id must be the target's; standard profile fields are
 * not updated for existing subscribers; custom values must suit their fields; the partitions must exist
 * (and be the restricted user's own, whose other partitions on the subscriber are kept); an update that
 * reaches no row answers SubscriberUpdateError.
 */
export async function updateSubscriber(
  trx: Transaction<Database>,
  actor: Actor,
  subscriberId: number,
  data: Record<string, unknown>,
): Promise<{ subscriber: SubscriberRecord; eventIds: number[] }> {
  if (data.id !== undefined && data.id !== subscriberId)
    throw new HeraldError('SubscriberIdsDoNotMatchError');
  if (Object.keys(data).some((key) => LOCKED_FIELDS.includes(key)))
    throw new HeraldError('StandardFieldNotEditableError');
  const unknown = Object.keys(data).find((key) => !UPDATABLE_KEYS.includes(key));
  if (unknown !== undefined) throw validation(`data.${unknown}`, 'Not a field updateSubscriber changes');
  const input = subscriberUpdateSchema.parse(data);

  const current = await lockVisibleSubscriber(trx, actor, subscriberId);
  if (!current || current.anonymized_at) throw new HeraldError('SubscriberUpdateError');
  if (input.version !== undefined && input.version !== Number(current.version))
    throw new HeraldError('StaleRecordError');

  const changed: string[] = [];
  let custom = current.custom;
  if (input.custom) {
    const rules = await subscriberFieldRules(trx, actor.organizationId);
    const patch: Record<string, CustomValue> = {};
    for (const [name, value] of Object.entries(input.custom)) {
      const rule = rules.get(name.toLowerCase());
      if (!rule) throw validation(`data.custom.${name}`, 'Unknown custom field');
      const checked = checkCustomValue(rule, value);
      if ('reason' in checked) throw validation(`data.custom.${name}`, checked.reason);
      patch[rule.field] = checked.value;
      changed.push(`custom.${rule.field}`);
    }
    custom = patched(custom, patch);
  }
  let extra = current.extra;
  if (input.extra) {
    extra = patched(extra, input.extra);
    changed.push('extra');
  }
  let partitionIds = (current.partition_ids ?? []) as number[];
  if (input.partitionIds) {
    await checkPartitions(trx, actor, input.partitionIds, 'data.partitionIds');
    const own = actor.partitionIds;
    // A restricted user manages their own partitions; the subscriber's other partitions are not theirs to drop.
    const kept = own === undefined ? [] : partitionIds.filter((id) => !own.includes(id));
    partitionIds = [...new Set([...kept, ...input.partitionIds])].sort((a, b) => a - b);
    changed.push('partitionIds');
  }
  const notifications = input.notifications === undefined ? current.notifications : input.notifications;
  if (input.notifications !== undefined) changed.push('notifications');
  const resumeDate = input.resume_date === undefined ? current.resume_date : input.resume_date;
  if (input.resume_date !== undefined) changed.push('resume_date');

  const row = (
    await sql<SubscriberRow>`
      UPDATE subscriber SET custom = ${JSON.stringify(custom)}::jsonb, extra = ${JSON.stringify(extra)}::jsonb,
        partition_ids = ${partitionIds}::integer[], notifications = ${notifications ?? null},
        resume_date = ${resumeDate ?? null}::date, version = version + 1,
        updated_at = greatest(now(), updated_at + interval '1 millisecond')
      WHERE id = ${subscriberId} AND organization_id = ${actor.organizationId} AND anonymized_at IS NULL
      RETURNING ${SUBSCRIBER_SELECT}`.execute(trx)
  ).rows[0];
  if (!row) throw new HeraldError('SubscriberUpdateError');
  const event = await trx
    .insertInto('subscriber_event')
    .values({
      organization_id: actor.organizationId,
      subscriber_id: subscriberId,
      kind: 'profileupdated',
      activity_id: null,
      list_id: null,
      details: JSON.stringify({ fields: changed, byUserId: actor.userId }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { subscriber: subscriberRecord(row), eventIds: [event.id] };
}
