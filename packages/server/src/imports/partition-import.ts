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
    const found = await session.query<{ id: number }>(
      'SELECT id FROM partition_set WHERE organization_id = $1 AND lower(name) = lower($2) ORDER BY id LIMIT 1',
      [organizationId, setName],
    );
    setId =
      found[0]?.id ??
      (
        await session.query<{ id: number }>(
          'INSERT INTO partition_set (organization_id, name) VALUES ($1, $2) RETURNING id',
          [organizationId, setName],
        )
      )[0]!.id;
  }
  const existing = await session.query<{ id: number }>(
    `SELECT id FROM partition WHERE organization_id = $1
       AND (($2::text IS NOT NULL AND external_ref = $2) OR ($2::text IS NULL AND lower(name) = lower($3)))
     ORDER BY id LIMIT 1`,
    [organizationId, externalRef, name ?? ''],
  );
  const id = existing[0]?.id;
  if (id !== undefined) {
    await session.query(
      `UPDATE partition SET name = coalesce($3, name), partition_set_id = coalesce($4, partition_set_id),
         custom_fields = custom_fields || $5::jsonb WHERE id = $1 AND organization_id = $2`,
      [id, organizationId, name ?? null, setId, JSON.stringify(customFields)],
    );
    return 'updated';
  }
  await session.query(
    `INSERT INTO partition (organization_id, partition_set_id, name, external_ref, custom_fields)
     VALUES ($1, $2, $3, $4, $5::jsonb)`,
    [organizationId, setId, name ?? externalRef, externalRef, JSON.stringify(customFields)],
  );
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
