import {
  HeraldError,
  campaignWriteSchema,
  resourceDefinitions,
  type CampaignWrite,
  type ResourceRecord,
} from '@herald/protocol';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { CampaignTable } from '../query/tables.ts';
import { validation, type Actor, implementResource } from '../query/resources.ts';
import { checkPartitions } from '../partitions/check-partitions.ts';
import { campaignStatusCondition } from './campaign-status.ts';
import { checkNew, checkVersion, returnedRow, writeEach } from '../query/write-helpers.ts';

type CampaignRecord = ResourceRecord<'campaign'>;
/** A campaign as SELECT reads it: its dates as 'YYYY-MM-DD' text. */
type CampaignRow = Omit<Selectable<CampaignTable>, 'organization_id'>;

const SELECT = sql<CampaignRow>`id, name, start_date::text AS start_date, end_date::text AS end_date, details, notes,
  partition_ids, is_archived, created_at, updated_at, version`;

export function campaignRecord(row: CampaignRow): CampaignRecord {
  const iso = (value: Date) => new Date(value).toISOString();
  return {
    id: row.id,
    name: row.name,
    startDate: row.start_date,
    endDate: row.end_date ?? null,
    details: row.details,
    notes: row.notes,
    partitionIds: row.partition_ids,
    isArchived: row.is_archived,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
  };
}

export const campaignResource = implementResource({
  definition: resourceDefinitions.campaign,
  table: 'campaign',
  select: SELECT,
  toRecord: campaignRecord,
  filters: {
    id: { column: 'id' },
    name: { column: 'name' },
    startDate: { column: 'start_date' },
    endDate: { column: 'end_date' },
    isArchived: { column: 'is_archived' },
    partitionIds: { column: 'partition_ids' },
    updatedAt: { column: 'updated_at' },
    status: { custom: (value, context) => campaignStatusCondition(value, context.today) },
  },
  sortable: {
    name: 'name',
    startDate: 'start_date',
    endDate: 'end_date',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  search: ['name', 'details'],
  partitionColumn: 'partition_ids',
  write: writeEach(campaignWriteSchema, writeOne),
});

async function writeOne(
  trx: Transaction<Database>,
  actor: Actor,
  input: CampaignWrite,
  path: string,
): Promise<CampaignRecord> {
  if (input.partitionIds !== undefined)
    await checkPartitions(trx, actor, input.partitionIds, `${path}.partitionIds`);
  if (input.id === undefined) {
    checkNew(input, path);
    if (input.name === undefined) throw validation(`${path}.name`, 'A campaign needs a name');
    if (input.startDate === undefined) throw validation(`${path}.startDate`, 'A campaign needs a start date');
    const endDate = input.endDate ?? null;
    checkDates(input.startDate, endDate, path);
    const partitionIds = input.partitionIds ?? [];
    if (actor.partitionIds !== undefined && partitionIds.length === 0)
      throw validation(`${path}.partitionIds`, 'Choose at least one of your partitions');
    const row = await sql<CampaignRow>`
      INSERT INTO campaign (organization_id, name, start_date, end_date, details, notes, partition_ids, is_archived)
      VALUES (${actor.organizationId}, ${input.name}, ${input.startDate}::date, ${endDate}::date, ${input.details ?? ''},
        ${input.notes ?? ''}, ${partitionIds}::integer[], ${input.isArchived ?? false})
      RETURNING ${SELECT}`.execute(trx);
    return campaignRecord(returnedRow(row));
  }

  const visible =
    actor.partitionIds === undefined ? sql`true` : sql`partition_ids && ${actor.partitionIds}::integer[]`;
  const current = (
    await sql<CampaignRow>`SELECT ${SELECT} FROM campaign
      WHERE id = ${input.id} AND organization_id = ${actor.organizationId} AND ${visible} FOR UPDATE`.execute(
      trx,
    )
  ).rows[0];
  if (!current) throw new HeraldError('NotFoundError');
  const stored = campaignRecord(current);
  checkVersion(input, stored, path);
  const startDate = input.startDate ?? stored.startDate;
  const endDate = input.endDate === undefined ? stored.endDate : input.endDate;
  checkDates(startDate, endDate, path);
  if (actor.partitionIds !== undefined && input.partitionIds !== undefined && input.partitionIds.length === 0)
    throw validation(`${path}.partitionIds`, 'Choose at least one of your partitions');
  const partitionIds = input.partitionIds ?? stored.partitionIds;
  const row = await sql<CampaignRow>`
    UPDATE campaign SET name = ${input.name ?? stored.name}, start_date = ${startDate}::date,
      end_date = ${endDate}::date, details = ${input.details ?? stored.details},
      notes = ${input.notes ?? stored.notes},
      partition_ids = ${partitionIds}::integer[],
      is_archived = ${input.isArchived ?? stored.isArchived},
      updated_at = greatest(now(), updated_at + interval '1 millisecond'), version = version + 1
    WHERE id = ${input.id} AND organization_id = ${actor.organizationId}
    RETURNING ${SELECT}`.execute(trx);
  return campaignRecord(returnedRow(row));
}

function checkDates(startDate: string, endDate: string | null, path: string): void {
  if (Number.isNaN(Date.parse(startDate)))
    throw validation(`${path}.startDate`, 'Expected a date as YYYY-MM-DD');
  if (endDate === null) return;
  if (Number.isNaN(Date.parse(endDate))) throw validation(`${path}.endDate`, 'Expected a date as YYYY-MM-DD');
  if (endDate < startDate)
    throw validation(`${path}.endDate`, 'The end date must be on or after the start date');
}
