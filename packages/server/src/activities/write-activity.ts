import {
  HeraldError,
  printTarget,
  type ActivityRecord,
  type ActivityStatus,
  type ActivityWrite,
} from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { checkPartitions } from '../partitions/check-partitions.ts';
import { validation, type Actor } from '../query/resources.ts';
import { checkNew, checkVersion, returnedRow } from '../query/write-helpers.ts';
import { partitionVisibility } from '../subscribers/subscriber-access.ts';
import { checkTarget } from '../targets/target-input.ts';
import { ACTIVITY_SELECT, activityRecord, readVisibleActivity, type ActivityRow } from './activity-record.ts';
import { logTargetOrDateReset } from '../workflow/content-change-reset.ts';
import { resetApproval } from './reset-approval.ts';

/** Statuses in which an activity is on its way out: nothing of it may change until the workflow lets go. */
const LOCKED_STATUSES: readonly ActivityStatus[] = ['deploying'];

/**
 * Creates or updates one activity of writeRecords. A create needs campaignId, type and name, and a campaign the
 * writer can see; its partitions default to the campaign's (within a restricted writer's own). An update may
 * change anything but the type; an archived activity may only be unarchived (ItemNotEditableError otherwise).
 * A change of the target or the date resets the activity's approval (reset-approval.ts).
 */
export async function writeActivity(
  trx: Transaction<Database>,
  actor: Actor,
  input: ActivityWrite,
  path: string,
): Promise<ActivityRecord> {
  if (input.partitionIds !== undefined)
    await checkPartitions(trx, actor, input.partitionIds, `${path}.partitionIds`);
  if (actor.partitionIds !== undefined && input.partitionIds !== undefined && input.partitionIds.length === 0)
    throw validation(`${path}.partitionIds`, 'Choose at least one of your partitions');
  const target =
    input.target === undefined
      ? undefined
      : await canonicalTarget(trx, actor, input.target, `${path}.target`);
  const templateUrl = input.templateUrl === undefined ? undefined : input.templateUrl || null;

  if (input.id === undefined) {
    checkNew(input, path);
    checkThrottleChange(actor, null, input.throttle);
    if (input.campaignId === undefined)
      throw validation(`${path}.campaignId`, 'An activity needs a campaign');
    if (input.type === undefined) throw validation(`${path}.type`, 'An activity needs a type');
    if (input.name === undefined) throw validation(`${path}.name`, 'An activity needs a name');
    const campaignPartitions = await visibleCampaignPartitions(trx, actor, input.campaignId, path);
    const own = actor.partitionIds;
    const partitionIds =
      input.partitionIds ??
      (own === undefined ? campaignPartitions : campaignPartitions.filter((id) => own.includes(id)));
    const row = await sql<ActivityRow>`
      INSERT INTO activity (organization_id, campaign_id, type, name, date, target, template_url, partition_ids,
        distribution, send_limit, throttle, frequency, notes, is_archived, created_by)
      VALUES (${actor.organizationId}, ${input.campaignId}, ${input.type}, ${input.name},
        ${input.date ?? null}::timestamptz, ${target ?? null}, ${templateUrl ?? null}, ${partitionIds}::integer[],
        ${JSON.stringify(input.distribution ?? { type: 'broadcast' })}::jsonb, ${input.sendLimit ?? null},
        ${input.throttle ?? null}, ${JSON.stringify(input.frequency ?? { type: 'none' })}::jsonb,
        ${input.notes ?? ''}, ${input.isArchived ?? false}, ${actor.userId})
      RETURNING ${ACTIVITY_SELECT}`.execute(trx);
    return activityRecord(returnedRow(row));
  }

  const stored = await readVisibleActivity(trx, actor, input.id, { forUpdate: true });
  if (!stored) throw new HeraldError('ActivityNotFoundError');
  checkVersion(input, stored, path);
  if (input.type !== undefined && input.type !== stored.type)
    throw validation(`${path}.type`, 'An activity’s type cannot change');
  if ((stored.isArchived && input.isArchived !== false) || LOCKED_STATUSES.includes(stored.status))
    throw new HeraldError('ItemNotEditableError');
  checkThrottleChange(actor, stored.throttle, input.throttle);
  if (input.campaignId !== undefined && input.campaignId !== stored.campaignId)
    await visibleCampaignPartitions(trx, actor, input.campaignId, path);

  const date = input.date === undefined ? stored.date : input.date;
  const dateChanged = input.date !== undefined && !sameInstant(input.date, stored.date);
  const targetChanged = target !== undefined && target !== stored.target;
  const status = dateChanged || targetChanged ? await resetApproval(trx, actor, stored) : stored.status;
  // The workflow log says why the approval went (functional §4); writeRecords pushes the activity itself.
  await logTargetOrDateReset(trx, actor, stored, status);
  const row = await sql<ActivityRow>`
    UPDATE activity SET campaign_id = ${input.campaignId ?? stored.campaignId}, name = ${input.name ?? stored.name},
      date = ${date}::timestamptz, target = ${target === undefined ? stored.target : target},
      template_url = ${templateUrl === undefined ? stored.templateUrl : templateUrl},
      partition_ids = ${input.partitionIds ?? stored.partitionIds}::integer[],
      distribution = ${JSON.stringify(input.distribution ?? stored.distribution)}::jsonb,
      send_limit = ${input.sendLimit === undefined ? stored.sendLimit : input.sendLimit},
      throttle = ${input.throttle === undefined ? stored.throttle : input.throttle},
      frequency = ${JSON.stringify(input.frequency ?? stored.frequency)}::jsonb,
      notes = ${input.notes ?? stored.notes}, is_archived = ${input.isArchived ?? stored.isArchived},
      status = ${status},
      updated_at = greatest(now(), updated_at + interval '1 millisecond'), version = version + 1
    WHERE id = ${stored.id} AND organization_id = ${actor.organizationId}
    RETURNING ${ACTIVITY_SELECT}`.execute(trx);
  return activityRecord(returnedRow(row));
}

/**
 * The throttle is the deployer's to set (the workflow's updateThrottle needs content-deploy): a write that
 * changes it needs the same, or an editor could speed up a send they may not start. Sending it back unchanged,
 * as a settings form does, is no change. The schema already caps it at MAX_SEND_RATE_PER_MINUTE.
 */
function checkThrottleChange(actor: Actor, stored: number | null, given: number | null | undefined): void {
  if (given === undefined || given === stored) return;
  if (!actor.capabilities.includes('content-deploy')) throw new HeraldError('PrivilegesError');
}

/** A target as stored: null when cleared, else its canonical text once checked against the organization. */
async function canonicalTarget(
  trx: Transaction<Database>,
  actor: Actor,
  target: string | null,
  path: string,
): Promise<string | null> {
  if (target === null || target.trim() === '') return null;
  const { tree } = await checkTarget(trx, actor, target, path);
  return printTarget(tree);
}

/** The campaign's partitions, when it is the organization's and the writer can see it; a ValidationError otherwise. */
async function visibleCampaignPartitions(
  trx: Transaction<Database>,
  actor: Actor,
  campaignId: number,
  path: string,
): Promise<number[]> {
  const rows = await sql<{ partition_ids: number[] }>`SELECT partition_ids FROM campaign
    WHERE id = ${campaignId} AND organization_id = ${actor.organizationId}
      AND ${partitionVisibility('campaign.partition_ids', actor)}`.execute(trx);
  const campaign = rows.rows[0];
  if (!campaign) throw validation(`${path}.campaignId`, 'Unknown campaign');
  return campaign.partition_ids;
}

function sameInstant(given: string | null, stored: string | null): boolean {
  if (given === null || stored === null) return given === stored;
  return Date.parse(given) === Date.parse(stored);
}
