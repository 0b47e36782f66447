import { CUSTOM_FIELD_NAME_PATTERN, PERCENTAGE_SPLIT_TOTAL, parseTarget } from '@herald/protocol';
import { instantFromLocalInput, localInputFromInstant } from '../../../platform/dates/localDateTime.ts';
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

/**
 * A form mistake as the page shows it: a locale key (the catalogue's words where the server has the same
 * check) and its placeholders.
 */
export interface FormError {
  key: string;
  values?: Record<string, string | number>;
}

export type CustomFieldFormErrors = Partial<
  Record<
    | 'field'
    | 'validationRegex'
    | 'kind'
    | 'target'
    | 'startAt'
    | 'interval'
    | 'rules'
    | 'percentages'
    | 'code',
    FormError
  >
> & {
  /** A nested target rule's own target, by the rule's index. */
  ruleTargets?: Partial<Record<number, FormError>>;
};

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
      startAt: calculation.startAt === null ? '' : localInputFromInstant(calculation.startAt),
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

/** calculationSchema's bounds of the interval (every n hours, days … of the frequency). */
const MAX_INTERVAL = 1000;

const formError = (key: string, values?: FormError['values']): FormError =>
  values ? { key, values } : { key };
const ownError = (suffix: string) => formError(`settings.customFields.errors.${suffix}`);

/**
 * A target expression's text checked as the server reads it (parseTarget): none when it reads, "required"
 * when empty, else the parser's message, which says what was expected at which character.
 */
export function targetTextError(text: string): FormError | undefined {
  if (text.trim() === '') return ownError('targetRequired');
  const parsed = parseTarget(text);
  if (parsed.ok) return undefined;
  return formError('settings.customFields.errors.targetParse', {
    position: parsed.position + 1,
    message: parsed.message,
  });
}

/**
 * Functional §5, as the server checks it: field names targets can name; for a calculated field, its target
 * and every nested rule's target present and reading, rule values present and unique, and a percentage split
 * adding up to exactly 100%. Where the server has the same check the error is the catalogue's.
 */
export function validateCustomFieldForm(form: CustomFieldForm): CustomFieldFormErrors {
  const errors: CustomFieldFormErrors = {};
  if (form.field === '') errors.field = ownError('fieldRequired');
  else if (!CUSTOM_FIELD_NAME_PATTERN.test(form.field)) errors.field = ownError('fieldPattern');
  if (regexError(form.validationRegex) !== null) errors.validationRegex = ownError('regexInvalid');
  if (form.kind !== 'calculated') return errors;
  if (form.type !== 'subscriber') errors.kind = ownError('calculatedSubscriberOnly');
  const target = targetTextError(form.target);
  if (target) errors.target = target;
  const interval = form.interval.trim();
  if (interval !== '' && !/^\d+$/.test(interval)) errors.interval = ownError('intervalInvalid');
  else if (interval !== '' && (Number(interval) < 1 || Number(interval) > MAX_INTERVAL)) {
    errors.interval = formError('settings.customFields.errors.intervalRange', { max: MAX_INTERVAL });
  }
  if (form.ruleType === 'customCode') {
    if (form.code.trim() === '') errors.code = ownError('codeRequired');
    return errors;
  }
  const values = form.rules.map((rule) => rule.value.trim());
  if (form.rules.length === 0) errors.rules = ownError('rulesNone');
  else if (values.some((value) => value === '')) errors.rules = ownError('ruleValueRequired');
  else if (new Set(values).size !== values.length)
    errors.rules = formError('errors.CustomFieldValuesNotUniqueError');
  if (form.ruleType === 'nestedTarget') {
    const ruleTargets: Partial<Record<number, FormError>> = {};
    form.rules.forEach((rule, index) => {
      const error =
        rule.target.trim() === ''
          ? formError('errors.CustomFieldTargetMissingError')
          : targetTextError(rule.target);
      if (error) ruleTargets[index] = error;
    });
    if (Object.keys(ruleTargets).length > 0) errors.ruleTargets = ruleTargets;
    if (form.rules.some((rule) => rule.target.trim() === '')) {
      errors.rules ??= formError('errors.CustomFieldTargetMissingError');
    }
  }
  if (form.ruleType === 'percentageSplit' && !percentagesAddUp(form.rules)) {
    errors.percentages = ownError('percentagesTotal');
  }
  return errors;
}

/** The split's total as typed, to two decimals (33.3 + 33.3 + 33.4 reads 100, not 100.00000000000001). */
/** The form's place of each part of a write, as the server's ValidationError details name it. */
const SERVER_PATHS: ReadonlyArray<[RegExp, keyof Omit<CustomFieldFormErrors, 'ruleTargets'>]> = [
  [/\.calculation\.target$/, 'target'],
  [/\.calculation\.rules\.\d+\.percentage$/, 'percentages'],
  [/\.calculation\.rules(\.\d+\.value)?$/, 'rules'],
  [/\.calculation\.code$/, 'code'],
  [/\.calculation\.startAt$/, 'startAt'],
  [/\.calculation\.interval$/, 'interval'],
  [/\.type$/, 'kind'],
  [/\.field$/, 'field'],
  [/\.validationRegex$/, 'validationRegex'],
];
const NESTED_TARGET_PATH = /\.calculation\.rules\.(\d+)\.target$/;

/**
 * A refused save's ValidationError details put on the parts of the form they name (a target naming a list
 * that does not exist, a rule value the field cannot hold …). A detail of a described error (the catalogue's
 * CustomFieldTargetMissingError …) reads in the interface language; others carry the server's words.
 */
export function serverFormErrors(
  error: { type?: string; details?: ReadonlyArray<{ path?: unknown; message?: unknown }> } | null | undefined,
): CustomFieldFormErrors {
  const errors: CustomFieldFormErrors = {};
  for (const detail of error?.details ?? []) {
    const path = Array.isArray(detail.path) ? detail.path.map(String).join('.') : String(detail.path ?? '');
    const message = typeof detail.message === 'string' ? detail.message : '';
    const formError: FormError =
      error?.type && error.type !== 'ValidationError'
        ? { key: `errors.${error.type}`, values: { message } }
        : { key: 'settings.customFields.errors.server', values: { message } };
    const nested = NESTED_TARGET_PATH.exec(path);
    if (nested) {
      errors.ruleTargets = { ...errors.ruleTargets, [Number(nested[1])]: formError };
      continue;
    }
    const part =
      error?.type === 'PercentageSplitTotalError'
        ? 'percentages'
        : SERVER_PATHS.find(([pattern]) => pattern.test(path))?.[1];
    if (part) errors[part] ??= formError;
  }
  return errors;
}

export function percentageTotal(rules: readonly CalculationRuleForm[]): number {
  const total = rules.reduce((sum, rule) => sum + (Number(rule.percentage) || 0), 0);
  return Math.round(total * 100) / 100;
}

function percentagesAddUp(rules: readonly CalculationRuleForm[]): boolean {
  if (rules.length === 0) return false;
  const unreadable = (text: string) => text.trim() === '' || Number.isNaN(Number(text)) || Number(text) < 0;
  if (rules.some((rule) => unreadable(rule.percentage))) return false;
  const total = rules.reduce((sum, rule) => sum + Number(rule.percentage), 0);
  return Math.abs(total - PERCENTAGE_SPLIT_TOTAL) < 1e-9;
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
    startAt: form.startAt === '' ? null : instantFromLocalInput(form.startAt),
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
