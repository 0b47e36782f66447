import { HeraldError } from '@herald/protocol';
import { sql } from 'kysely';
import { type JobContext, type JobHandler } from '../jobs/job-runner.ts';
import { validation } from '../query/resources.ts';
import { checkTarget } from '../targets/target-input.ts';
import { loadCalculationField } from './calculated-field.ts';
import { calculateByCode } from './code-calculation.ts';
import { calculateSplit, type CalculationCounts } from './split-calculation.ts';

/**
 * What a 'calculation' job is given: the field. A scheduled run is an occurrence of the field's series
 * (calculation-schedule.ts), due at its slot (run_at); a run asked for belongs to no series.
 */
export interface CalculationJobParams {
  customFieldId: number;
}

export const NOT_CALCULATED = 'This field is not calculated';

/**
 * The 'calculation' job (functional §3 calculated fields): gives the field's value to the subscribers its
 * target matches, by its rule type, and with clearNonMatching removes it from the organization's other
 * subscribers. Targets are checked again when the job runs, since a list or field they name may be gone.
 * Answers the counts.
 */
export async function runCalculation(context: JobContext): Promise<CalculationCounts> {
  const { db, job } = context;
  const organizationId = job.organizationId;
  const field = await loadCalculationField(db, organizationId, Number(job.params.customFieldId));
  if (!field) throw new HeraldError('NotFoundError');
  const rules = field.calculation;
  if (rules.kind !== 'calculated') throw validation('customFieldId', NOT_CALCULATED);
  const { condition } = await checkTarget(db, organizationId, rules.target, 'calculation.target');
  const matching = sql<boolean>`subscriber.organization_id = ${organizationId}
    AND subscriber.anonymized_at IS NULL AND (${condition})`;
  if (rules.ruleType === 'customCode') return calculateByCode(context, field, rules, matching);
  const ruleConditions =
    rules.ruleType === 'nestedTarget'
      ? await Promise.all(
          rules.rules.map(
            async (rule, index) =>
              (await checkTarget(db, organizationId, rule.target ?? '', `calculation.rules.${index}.target`))
                .condition,
          ),
        )
      : [];
  return db
    .transaction()
    .execute((trx) => calculateSplit(trx, organizationId, field, rules, matching, ruleConditions));
}

/** The 'calculation' job kind. */
export const calculationJob: JobHandler = {
  capability: 'database-manage',
  run: async (context) => ({ ...(await runCalculation(context)) }),
};
