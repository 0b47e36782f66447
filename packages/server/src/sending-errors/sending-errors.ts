import { SENDING_ERROR_GROUP_LIMIT, type SendingErrorGroup } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { templateLineOf } from './template-line.ts';

interface GroupRow {
  stage: string | null;
  message: string;
  code: string | null;
  part: string | null;
  line: number | null;
  tag: string | null;
  count: number;
  sample_id: string;
}

interface SampleRow {
  id: string;
  subscriber_id: number;
  email: string | null;
  trace: string | null;
  channel: string;
  revision_id: number | null;
}

/**
 * The failed deliveries of an activity (of one run, or all), grouped as the sending-errors page shows them
 * (docs/architecture.md § Sending errors): alike failures together, the largest first, each with one recipient as
 * its sample and, when the error names a line of a template part, that line as the run's revision has it. The
 * caller has checked the activity is the actor's to read.
 */
export async function sendingErrorsOf(
  db: Kysely<Database>,
  organizationId: number,
  activityId: number,
  runId: number | undefined,
): Promise<{ total: number; groups: SendingErrorGroup[] }> {
  const ofRun = runId === undefined ? sql`` : sql`AND d.run_id = ${runId}`;
  // A line that is not a whole number (an engine's slip) is read as no line rather than failing the page.
  const grouped = await sql<GroupRow & { total: number }>`
    WITH failed AS (
      SELECT d.id, d.error->>'stage' AS stage, coalesce(d.error->>'message', '') AS message,
        d.error->>'code' AS code, d.error->>'part' AS part,
        CASE WHEN jsonb_typeof(d.error->'line') = 'number' THEN
          CASE WHEN abs((d.error->>'line')::numeric) < 1e9 THEN (d.error->>'line')::numeric::integer END
        END AS line,
        d.error->>'tag' AS tag
      FROM delivery d
      WHERE d.organization_id = ${organizationId} AND d.activity_id = ${activityId} AND d.status = 'failed' ${ofRun}
    )
    SELECT stage, message, code, part, line, tag, count(*)::integer AS count, min(id)::text AS sample_id,
      sum(count(*)) OVER ()::integer AS total
    FROM failed
    GROUP BY stage, message, code, part, line, tag
    ORDER BY count DESC, min(id)
    LIMIT ${SENDING_ERROR_GROUP_LIMIT}`.execute(db);
  if (grouped.rows.length === 0) return { total: 0, groups: [] };
  const samples = await sql<SampleRow>`
    SELECT d.id::text AS id, d.subscriber_id, s.email, d.error->>'trace' AS trace, d.channel,
      coalesce(r.revision_id, a.deployed_revision_id) AS revision_id
    FROM delivery d
    LEFT JOIN subscriber s ON s.id = d.subscriber_id AND s.organization_id = d.organization_id
    LEFT JOIN deployment_run r ON r.id = d.run_id
    LEFT JOIN activity a ON a.id = d.activity_id
    WHERE d.organization_id = ${organizationId}
      AND d.id = ANY(${grouped.rows.map((row) => row.sample_id)}::bigint[])`.execute(db);
  const sampleById = new Map(samples.rows.map((row) => [row.id, row]));
  const contents = await revisionContents(
    db,
    organizationId,
    activityId,
    samples.rows.map((row) => row.revision_id),
  );
  const groups = grouped.rows.map((row): SendingErrorGroup => {
    const sample = sampleById.get(row.sample_id);
    const content = sample?.revision_id == null ? undefined : contents.get(sample.revision_id);
    const context =
      content !== undefined && row.part !== null && row.line !== null
        ? templateLineOf(content, sample?.channel ?? '', row.part, row.line)
        : undefined;
    return {
      ...(row.stage === 'render' || row.stage === 'send' ? { stage: row.stage } : {}),
      message: row.message,
      ...(row.code !== null ? { code: row.code } : {}),
      ...(row.part !== null ? { part: row.part } : {}),
      ...(row.line !== null ? { line: row.line } : {}),
      ...(row.tag !== null ? { tag: row.tag } : {}),
      count: row.count,
      sample: {
        deliveryId: Number(row.sample_id),
        subscriberId: sample?.subscriber_id ?? 0,
        ...(sample?.email ? { email: sample.email } : {}),
        ...(sample?.trace ? { trace: sample.trace } : {}),
        ...(context !== undefined ? { context } : {}),
      },
    };
  });
  return { total: grouped.rows[0]!.total, groups };
}

async function revisionContents(
  db: Kysely<Database>,
  organizationId: number,
  activityId: number,
  ids: ReadonlyArray<number | null>,
): Promise<Map<number, unknown>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await sql<{ id: number; content: unknown }>`SELECT id, content FROM activity_revision
    WHERE organization_id = ${organizationId} AND activity_id = ${activityId}
      AND id = ANY(${wanted}::integer[])`.execute(db);
  return new Map(rows.rows.map((row) => [row.id, row.content]));
}
