import { CUSTOM_FIELD_NAME_PATTERN, PERCENTAGE_SPLIT_TOTAL } from '@herald/protocol';
import type {
  CALCULATION_FREQUENCIES,
  CALCULATION_RULE_ACTIONS,
  CALCULATION_RULE_TYPES,
  Calculation,
  CustomFieldDataType,
  CustomFieldRecord,
  CustomFieldType,
  CustomFieldWrite,
} from '@herald/protocol';

type RuleType = (typeof CALCULATION_RULE_TYPES)[number];
type RuleAction = (typeof CALCULATION_RULE_ACTIONS)[number];
type Frequency = (typeof CALCULATION_FREQUENCIES)[number];

export interface CalculationRuleForm {
  value: string;
  target: string;
  /** Text as typed; a number for percentage splits. */
  percentage: string;
}

/** The custom field page's form (customfields/{type}/{field}): text as typed, turned into a write on save. */
export interface CustomFieldForm {
  type: CustomFieldType;
  field: string;
  groupName: string;
  description: string;
  dataType: CustomFieldDataType;
  /** Allowed values, one per line; none means any value. */
  values: string;
  validationRegex: string;
  kind: 'static' | 'calculated';
  target: string;
  ruleType: RuleType;
  ruleAction: RuleAction;
  frequency: Frequency;
  startAt: string;
  interval: string;
  rules: CalculationRuleForm[];
  code: string;
}

export type CustomFieldFormErrors = Partial<
  Record<'field' | 'validationRegex' | 'target' | 'interval' | 'rules' | 'percentages', string>
>;

export function emptyCustomFieldForm(type: CustomFieldType): CustomFieldForm {
  return {
    type,
    field: '',
    groupName: '',
    description: '',
    dataType: 'text',
    values: '',
    validationRegex: '',
    kind: 'static',
    target: '',
    ruleType: 'nestedTarget',
    ruleAction: 'updateMatching',
    frequency: 'daily',
    startAt: '',
    interval: '',
    rules: [],
    code: '',
  };
}

export function customFieldToForm(record: CustomFieldRecord): CustomFieldForm {
  const form: CustomFieldForm = {
    ...emptyCustomFieldForm(record.type),
    field: record.field,
    groupName: record.groupName,
    description: record.description,
    dataType: record.schema.dataType,
    values: (record.schema.values ?? []).join('\n'),
    validationRegex: record.validationRegex ?? '',
  };
  const calculation = record.calculation;
  if (calculation.kind === 'calculated') {
    Object.assign(form, {
      kind: 'calculated',
      target: calculation.target,
      ruleType: calculation.ruleType,
      ruleAction: calculation.ruleAction,
      frequency: calculation.frequency,
      startAt: calculation.startAt ?? '',
      interval: calculation.interval === null ? '' : String(calculation.interval),
      rules: calculation.rules.map((rule) => ({
        value: rule.value,
        target: rule.target ?? '',
        percentage: rule.percentage === undefined ? '' : String(rule.percentage),
      })),
      code: calculation.code ?? '',
    } satisfies Partial<CustomFieldForm>);
  }
  return form;
}

/** The error of a validation pattern as JavaScript reads it, or null when it compiles (checked as typed). */
export function regexError(pattern: string): string | null {
  if (pattern === '') return null;
  try {
    new RegExp(pattern);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * Functional §5: field names as targets can name them; a calculated field's rule values are unique, nested
 * targets each have a target, and a percentage split adds up to exactly 100%. Answers locale-key suffixes.
 */
export function validateCustomFieldForm(form: CustomFieldForm): CustomFieldFormErrors {
  const errors: CustomFieldFormErrors = {};
  if (form.field === '') errors.field = 'fieldRequired';
  else if (!CUSTOM_FIELD_NAME_PATTERN.test(form.field)) errors.field = 'fieldPattern';
  if (regexError(form.validationRegex) !== null) errors.validationRegex = 'regexInvalid';
  if (form.kind === 'calculated') {
    if (form.target.trim() === '') errors.target = 'targetRequired';
    if (form.interval !== '' && !/^\d+$/.test(form.interval.trim())) errors.interval = 'intervalInvalid';
    const values = form.rules.map((rule) => rule.value.trim());
    if (values.some((value) => value === '') || new Set(values).size !== values.length) {
      errors.rules = 'rulesUnique';
    } else if (form.ruleType === 'nestedTarget' && form.rules.some((rule) => rule.target.trim() === '')) {
      errors.rules = 'rulesTarget';
    }
    if (form.ruleType === 'percentageSplit' && !percentagesAddUp(form.rules)) {
      errors.percentages = 'percentagesTotal';
    }
  }
  return errors;
}

export function percentageTotal(rules: readonly CalculationRuleForm[]): number {
  return rules.reduce((sum, rule) => sum + (Number(rule.percentage) || 0), 0);
}

function percentagesAddUp(rules: readonly CalculationRuleForm[]): boolean {
  if (rules.length === 0) return false;
  if (rules.some((rule) => rule.percentage.trim() === '' || Number.isNaN(Number(rule.percentage))))
    return false;
  return Math.abs(percentageTotal(rules) - PERCENTAGE_SPLIT_TOTAL) < 1e-9;
}

function calculationOf(form: CustomFieldForm): Calculation {
  if (form.kind === 'static') return { kind: 'static' };
  const interval = form.interval.trim();
  return {
    kind: 'calculated',
    target: form.target.trim(),
    ruleType: form.ruleType,
    ruleAction: form.ruleAction,
    frequency: form.frequency,
    startAt: form.startAt === '' ? null : form.startAt,
    interval: interval === '' ? null : Number(interval),
    rules: form.rules.map((rule) => ({
      value: rule.value.trim(),
      ...(form.ruleType === 'nestedTarget' && rule.target.trim() !== ''
        ? { target: rule.target.trim() }
        : {}),
      ...(form.ruleType === 'percentageSplit' ? { percentage: Number(rule.percentage) } : {}),
    })),
    ...(form.ruleType === 'customCode' && form.code !== '' ? { code: form.code } : {}),
  };
}

/**
 * The writeRecords entry: a new field names its type and field; an update names the id and the version
 * the form was filled from (so a change made meanwhile is refused, not overwritten). Type and field stay.
 */
export function customFieldWrite(form: CustomFieldForm, base: CustomFieldRecord | null): CustomFieldWrite {
  const values = lines(form.values);
  return {
    ...(base ? { id: base.id, version: base.version } : { type: form.type, field: form.field }),
    groupName: form.groupName.trim(),
    description: form.description,
    schema: { dataType: form.dataType, ...(values.length > 0 ? { values } : {}) },
    validationRegex: form.validationRegex === '' ? null : form.validationRegex,
    calculation: calculationOf(form),
  };
}

/** Archive or unarchive, delete: one flag on the stored version. */
export function customFieldFlagWrite(
  record: Pick<CustomFieldRecord, 'id' | 'version'>,
  flag: 'isArchived' | 'isDeleted',
  value: boolean,
): CustomFieldWrite {
  return { id: record.id, version: record.version, [flag]: value };
}
