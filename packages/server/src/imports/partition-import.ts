import { sql } from 'kysely';
import { type JobHandler } from '../jobs/job-runner.ts';
import type { CopySession } from '../database/copy-session.ts';
import { runDefinitionImport, type HeaderedRow, type RowOutcome } from './small-file-import.ts';

const KNOWN_COLUMNS = new Set(['name', 'externalref', 'partitionset']);

/**
 * One row of a partition file (partitions/import): columns name, externalRef, partitionSet, and any other
 * column is a partition custom field (a `custom.` prefix is dropped). A partition is matched by external ref,
 * else by name (case-insensitive), and updated (custom fields merged) or created; a partition set named
 * that does not exist yet is created.
 */
export async function writePartitionRow(
  session: CopySession,
  organizationId: number,
  row: HeaderedRow,
): Promise<RowOutcome> {
  const name = row.values.get('name')?.slice(0, 200);
  const externalRef = row.values.get('externalref')?.slice(0, 200) ?? null;
  const setName = row.values.get('partitionset')?.slice(0, 200);
  if (!name && !externalRef) return { reason: 'name: a partition needs a name or an externalRef' };
  const customFields: Record<string, string> = {};
  for (const [column, value] of row.values)
    if (!KNOWN_COLUMNS.has(column))
      customFields[column.replace(/^custom\./, '').slice(0, 64)] = value.slice(0, 2000);
  let setId: number | null = null;
  if (setName) {
    const found = await session.run(sql<{ id: number }>`SELECT id FROM partition_set
      WHERE organization_id = ${organizationId} AND lower(name) = lower(${setName}) ORDER BY id LIMIT 1`);
    setId =
      found[0]?.id ??
      (
        await session.run(sql<{ id: number }>`INSERT INTO partition_set (organization_id, name)
          VALUES (${organizationId}, ${setName}) RETURNING id`)
      )[0]!.id;
  }
  const matches =
    externalRef !== null ? sql`external_ref = ${externalRef}` : sql`lower(name) = lower(${name ?? ''})`;
  const existing = await session.run(sql<{ id: number }>`SELECT id FROM partition
    WHERE organization_id = ${organizationId} AND ${matches} ORDER BY id LIMIT 1`);
  const id = existing[0]?.id;
  if (id !== undefined) {
    await session.run(sql`UPDATE partition SET name = coalesce(${name ?? null}, name),
        partition_set_id = coalesce(${setId}, partition_set_id),
        custom_fields = custom_fields || ${JSON.stringify(customFields)}::jsonb
      WHERE id = ${id} AND organization_id = ${organizationId}`);
    return 'updated';
  }
  await session.run(sql`INSERT INTO partition (organization_id, partition_set_id, name, external_ref, custom_fields)
    VALUES (${organizationId}, ${setId}, ${name ?? externalRef}, ${externalRef}, ${JSON.stringify(customFields)}::jsonb)`);
  return 'created';
}

/** The 'partitionImport' job kind. */
export const partitionImportJob: JobHandler = {
  capability: 'admin',
  run: (context) =>
    runDefinitionImport(context, (session, row) =>
      writePartitionRow(session, context.job.organizationId, row),
    ),
};
