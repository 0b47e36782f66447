import {
  HeraldError,
  errorMessage,
  type CustomFieldWrite,
  type ValidationDetail,
  type describedErrorCatalogue,
} from '@herald/protocol';
import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { validation } from '../query/resources.ts';
import { checkTarget } from '../targets/target-input.ts';
import { customFieldRuleOf, type CalculatedRules } from './calculated-field.ts';
import { customCodeProblem } from './sandbox.ts';
import { storedRuleValue } from './split-calculation.ts';

/** Custom code is kept with the field and read on every run: 50 kB of source is plenty for one value. */
export const CUSTOM_CODE_MAX_BYTES = 50_000;

/** A described error (functional §5) at the place it is about, with its own message as the detail's. */
function describedError(type: keyof typeof describedErrorCatalogue, path: string): HeraldError {
  const detail: ValidationDetail = { path, message: errorMessage(type) };
  return new HeraldError(type, { details: [detail] });
}

/**
 * Functional §5 on a calculated field: all target expressions must exist and values be unique, a
 * percentage split must add up to 100 %. Also: a round robin needs a value, custom code must compile (in
 * the sandbox it will run in), and the schedule must read. Checked in this order, so the error answered is
 * the form's first: values, then percentages, then targets (which need the database), then code. `input`
 * is the field as it will be stored (type, name and schema filled in from the stored field on an update).
 */
export async function checkCalculation(
  trx: Transaction<Database>,
  organizationId: number,
  input: Pick<CustomFieldWrite, 'type' | 'field' | 'schema' | 'validationRegex' | 'calculation'>,
  path: string,
): Promise<void> {
  const rules = input.calculation;
  if (!rules || rules.kind !== 'calculated') return;
  const at = `${path}.calculation`;
  if (input.type !== 'subscriber')
    throw validation(`${path}.type`, 'Only subscriber fields can be calculated');
  checkSchedule(rules, at);
  if (rules.ruleType !== 'customCode') checkRuleValues(rules, input, at);
  if (rules.target.trim() === '') throw describedError('CustomFieldTargetMissingError', `${at}.target`);
  if (rules.ruleType === 'nestedTarget') {
    const missing = rules.rules.findIndex((rule) => !rule.target?.trim());
    if (missing >= 0) throw describedError('CustomFieldTargetMissingError', `${at}.rules.${missing}.target`);
  }
  await checkTarget(trx, organizationId, rules.target, `${at}.target`);
  if (rules.ruleType === 'nestedTarget')
    for (const [index, rule] of rules.rules.entries())
      await checkTarget(trx, organizationId, rule.target ?? '', `${at}.rules.${index}.target`);
  if (rules.ruleType === 'customCode') await checkCode(rules.code, `${at}.code`);
}

function checkSchedule(rules: CalculatedRules, at: string): void {
  if (rules.startAt === null) return;
  // An ISO 8601 date and time; without an offset it is the server's time (the console's datetime field).
  const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(rules.startAt) ? Date.parse(rules.startAt) : Number.NaN;
  if (Number.isNaN(time) || new Date(time).getUTCFullYear() < 2000 || new Date(time).getUTCFullYear() > 2200)
    throw validation(`${at}.startAt`, 'Use a date and time such as 2025-01-31T09:00');
}

function checkRuleValues(
  rules: CalculatedRules,
  input: Pick<CustomFieldWrite, 'field' | 'schema' | 'validationRegex'>,
  at: string,
): void {
  if (rules.rules.length === 0) throw validation(`${at}.rules`, 'Add at least one value');
  const seen = new Set<string>();
  const field = {
    id: 0,
    type: 'subscriber',
    field: input.field ?? '',
    rule: customFieldRuleOf(input.field ?? '', input.schema, input.validationRegex),
    calculation: rules,
  };
  for (const [index, rule] of rules.rules.entries()) {
    if (seen.has(rule.value))
      throw describedError('CustomFieldValuesNotUniqueError', `${at}.rules.${index}.value`);
    seen.add(rule.value);
    // The values are written to subscribers as the field stores them, so they must be values of the field.
    storedRuleValue(field, rule.value, `${at}.rules.${index}.value`);
  }
  if (rules.ruleType === 'percentageSplit') {
    const unset = rules.rules.findIndex((rule) => rule.percentage === undefined);
    if (unset >= 0) throw validation(`${at}.rules.${unset}.percentage`, 'Give every value its percentage');
    const total = rules.rules.reduce((sum, rule) => sum + (rule.percentage ?? 0), 0);
    if (Math.abs(total - 100) > 1e-9) throw describedError('PercentageSplitTotalError', `${at}.rules`);
  }
}

async function checkCode(code: string | undefined, at: string): Promise<void> {
  if (!code?.trim()) throw validation(at, 'Custom code rules need their code');
  if (Buffer.byteLength(code, 'utf8') > CUSTOM_CODE_MAX_BYTES)
    throw validation(at, 'Custom code can be at most 50 kB');
  const problem = await customCodeProblem(code);
  if (problem !== undefined) throw validation(at, `The code does not compile: ${problem}`);
}
