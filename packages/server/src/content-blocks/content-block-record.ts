import type { ContentBlockRecord } from '@herald/protocol';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import { partitionVisibility } from '../subscribers/subscriber-access.ts';
import type { ContentBlockTable } from './tables.ts';

export type ContentBlockRow = Omit<Selectable<ContentBlockTable>, 'organization_id' | 'created_by'>;

export const CONTENT_BLOCK_SELECT = sql<ContentBlockRow>`content_block.id, content_block.name,
  content_block.format, content_block.content, content_block.tags, content_block.is_published,
  content_block.target, content_block.partition_ids, content_block.created_at, content_block.updated_at,
  content_block.version`;

const iso = (value: Date) => new Date(value).toISOString();

export function contentBlockRecord(row: ContentBlockRow): ContentBlockRecord {
  return {
    id: row.id,
    name: row.name,
    format: row.format as ContentBlockRecord['format'],
    content: row.content,
    tags: row.tags,
    isPublished: row.is_published,
    target: row.target,
    partitionIds: row.partition_ids,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
  };
}

/** The block when the actor may reach it (within a restricted user's partitions); undefined otherwise. */
export async function readVisibleContentBlock(
  db: Kysely<Database> | Transaction<Database>,
  actor: Actor,
  contentBlockId: number,
  options: { forUpdate?: boolean } = {},
): Promise<ContentBlockRecord | undefined> {
  const lock = options.forUpdate ? sql`FOR UPDATE` : sql``;
  const rows = await sql<ContentBlockRow>`SELECT ${CONTENT_BLOCK_SELECT} FROM content_block
    WHERE content_block.id = ${contentBlockId} AND content_block.organization_id = ${actor.organizationId}
      AND ${partitionVisibility('content_block.partition_ids', actor)} ${lock}`.execute(db);
  const row = rows.rows[0];
  return row ? contentBlockRecord(row) : undefined;
}
