import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { JobLostError, saveJobCheckpoint, type JobContext } from '../jobs/job-runner.ts';
import { validation } from '../query/resources.ts';
import { checkCustomValue } from '../subscribers/custom-values.ts';
import type { CalculatedRules, CalculationField } from './calculated-field.ts';
import { openCustomCodeSandbox } from './sandbox.ts';
import { clearedSubscribers, type CalculationCounts } from './split-calculation.ts';

/** Subscribers read, evaluated and written per transaction. */
export const CODE_BATCH_SIZE = 1_000;

/** The profile fields custom code sees, beside the custom values. */
const PROFILE_COLUMNS = sql`subscriber.id, subscriber.email, subscriber.ref, subscriber.title, subscriber.firstname,
  subscriber.lastname, subscriber.gender, subscriber.dob::text AS dob, subscriber.phone, subscriber.address,
  subscriber.address2, subscriber.address3, subscriber.suburb, subscriber.state, subscriber.postcode,
  subscriber.country, subscriber.is_unsubscribed, subscriber.is_invalid, subscriber.custom`;

/**
 * What the code gets as `subscriber`: custom values by name (`subscriber.points`), the profile fields over
 * them when a name is both, and every custom value again under `custom`.
 */
function subscriberView(row: Record<string, unknown>): Record<string, unknown> {
  const custom = (row.custom ?? {}) as Record<string, unknown>;
  return {
    ...custom,
    id: Number(row.id),
    email: row.email,
    ref: row.ref,
    title: row.title,
    firstname: row.firstname,
    lastname: row.lastname,
    gender: row.gender,
    dob: row.dob,
    phone: row.phone,
    address: row.address,
    address2: row.address2,
    address3: row.address3,
    suburb: row.suburb,
    state: row.state,
    postcode: row.postcode,
    country: row.country,
    isUnsubscribed: Boolean(row.is_unsubscribed),
    isInvalid: Boolean(row.is_invalid),
    custom,
  };
}

interface CodeCheckpoint extends CalculationCounts {
  afterId: number;
}

/** Runs a statement in the transaction, as saveJobCheckpoint asks of whoever holds the work's transaction. */
function transactionRunner(trx: Transaction<Database>) {
  return async <Row>(statement: RawBuilder<Row>): Promise<Row[]> => (await statement.execute(trx)).rows;
}

/**
 * Custom code: the matching subscribers in batches by id (keyset), each evaluated in one sandbox for the
 * whole run, each batch's values written with its checkpoint, so a run taken over after a crash resumes
 * after its last written batch. A subscriber whose code throws, runs too long or answers something that is
 * not a valid value keeps its value and counts as an error.
 */
export async function calculateByCode(
  context: JobContext,
  field: CalculationField,
  rules: CalculatedRules,
  matching: RawBuilder<boolean>,
): Promise<CalculationCounts> {
  const { db, job } = context;
  const saved = (job.checkpoint ?? {}) as Partial<CodeCheckpoint>;
  const progress: CodeCheckpoint = {
    afterId: saved.afterId ?? 0,
    matched: saved.matched ?? 0,
    updated: saved.updated ?? 0,
    cleared: saved.cleared ?? 0,
    errors: saved.errors ?? 0,
  };
  const total = Number(
    (
      await sql<{
        count: number | string;
      }>`SELECT count(*) AS count FROM subscriber WHERE ${matching}`.execute(db)
    ).rows[0]?.count ?? 0,
  );
  const sandbox = await openCustomCodeSandbox(rules.code ?? '').catch((error: unknown) => {
    throw validation('calculation.code', error instanceof Error ? error.message : String(error));
  });
  try {
    for (;;) {
      if (context.signal.aborted) throw new JobLostError();
      const rows = (
        await sql<Record<string, unknown>>`SELECT ${PROFILE_COLUMNS} FROM subscriber
          WHERE ${matching} AND subscriber.id > ${progress.afterId}
          ORDER BY subscriber.id LIMIT ${CODE_BATCH_SIZE}`.execute(db)
      ).rows;
      if (rows.length === 0) break;
      const values: Array<{ id: number; value: string | number | boolean }> = [];
      for (const row of rows) {
        const outcome = sandbox.evaluate(subscriberView(row));
        if (outcome.kind === 'none') continue;
        const checked = outcome.kind === 'value' ? checkCustomValue(field.rule, outcome.value) : undefined;
        if (!checked || 'reason' in checked || checked.value === null) progress.errors += 1;
        else values.push({ id: Number(row.id), value: checked.value });
      }
      progress.matched += rows.length;
      progress.afterId = Number(rows.at(-1)?.id);
      await db.transaction().execute(async (trx) => {
        progress.updated += await writeValues(trx, job.organizationId, field.field, values);
        await saveJobCheckpoint(transactionRunner(trx), context, {
          done: progress.matched,
          total,
          checkpoint: { ...progress },
        });
      });
      context.reportProgress(progress.matched, total);
    }
  } finally {
    sandbox.dispose();
  }
  if (rules.ruleAction === 'clearNonMatching') {
    const cleared = await sql`${clearedSubscribers(
      job.organizationId,
      field.field,
      sql`NOT coalesce((${matching}), false)`,
    )}`.execute(db);
    progress.cleared += cleared.rows.length;
  }
  const { afterId: _afterId, ...counts } = progress;
  return counts;
}

/** Writes one batch's values, only where they change; answers how many changed. */
async function writeValues(
  trx: Transaction<Database>,
  organizationId: number,
  field: string,
  values: ReadonlyArray<{ id: number; value: string | number | boolean }>,
): Promise<number> {
  if (values.length === 0) return 0;
  const changed = await sql<{ id: number }>`
    UPDATE subscriber SET custom = jsonb_set(subscriber.custom, ARRAY[${field}]::text[], calculated.value),
      version = subscriber.version + 1, updated_at = greatest(now(), subscriber.updated_at + interval '1 millisecond')
    FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS calculated(id integer, value jsonb)
    WHERE subscriber.id = calculated.id AND subscriber.organization_id = ${organizationId}
      AND subscriber.custom -> ${field} IS DISTINCT FROM calculated.value
    RETURNING subscriber.id`.execute(trx);
  return changed.rows.length;
}
