import {
  PROFILE_FIELD_MAX_LENGTH,
  emailAddressProblem,
  isProfileDateField,
  type ImportRejectionDetail,
} from '@herald/protocol';
import type { ImportColumn, ImportCustomField, ImportableProfileField } from './import-columns.ts';

/** A row that passed: its keys and the values to store (profile text by field, custom values by name). */
export interface ValidRow {
  email: string | null;
  /** lower(email): how subscribers are matched. */
  emailKey: string | null;
  ref: string | null;
  profile: Partial<Record<ImportableProfileField, string>>;
  custom: Record<string, string | number | boolean> | null;
  extra: Record<string, unknown> | null;
}

/**
 * A refused row: the English reason the rejected-rows report shows, the refused cell's text (cut to
 * REJECTED_VALUE_MAX_LENGTH; absent when no one cell is at fault) and the reason's code and values, from which
 * the page after the import says it in the user's language (getImportRejections).
 */
export interface RowRejection {
  reason: string;
  value?: string;
  detail: ImportRejectionDetail;
}

export type RowCheck = { row: ValidRow } | RowRejection;

/** How much of a refused cell is kept with its rejection. */
export const REJECTED_VALUE_MAX_LENGTH = 200;

function refused(reason: string, detail: ImportRejectionDetail, value?: string): RowRejection {
  return value === undefined
    ? { reason, detail }
    : { reason, detail, value: value.slice(0, REJECTED_VALUE_MAX_LENGTH) };
}

const CUSTOM_TEXT_MAX_LENGTH = 2000;
const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0']);
const NUMBER_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Checks one row against the column plan and answers what to store, or the first reason it is refused
 * (reasons name the column's target, e.g. "dob: not a date"). Cells are trimmed; an empty cell sets nothing.
 */
export function validateRow(cells: readonly unknown[], columns: readonly ImportColumn[]): RowCheck {
  const row: ValidRow = { email: null, emailKey: null, ref: null, profile: {}, custom: null, extra: null };
  for (let index = 0; index < columns.length; index += 1) {
    const column = columns[index];
    if (!column) continue;
    const raw = cells[index];
    if (raw === undefined || raw === null) continue;
    const text = String(raw).trim();
    if (text === '') continue;
    // U+FFFD stands where the file had bytes that are not UTF-8 text (a stray byte in a UTF-8 file).
    if (text.includes('\uFFFD')) {
      const name = column.kind === 'custom' ? column.label : column.field;
      return refused(`${name}: has bytes that are not UTF-8 text`, { code: 'notUtf8', column: name }, text);
    }
    if (column.kind === 'custom') {
      const checked = customValue(column.customField, text);
      if (typeof checked === 'object')
        return refused(
          `${column.label}: ${checked.reason}`,
          { ...checked.detail, column: column.label },
          text,
        );
      (row.custom ??= {})[column.customField.field] = checked;
      continue;
    }
    const field = column.field;
    if (field === 'email') {
      const problem = emailAddressProblem(text);
      if (problem)
        return refused(
          `email: "${text.slice(0, 80)}" ${problem}`,
          { code: 'badEmail', column: 'email' },
          text,
        );
      row.email = text;
      row.emailKey = text.toLowerCase();
    } else if (field === 'extra') {
      const extra = jsonObject(text);
      if (!extra) return refused('extra: not a JSON object', { code: 'extraNotJson', column: 'extra' }, text);
      row.extra = extra;
    } else if (text.length > PROFILE_FIELD_MAX_LENGTH) {
      return refused(
        `${field}: longer than ${PROFILE_FIELD_MAX_LENGTH} characters`,
        { code: 'tooLong', column: field, limit: PROFILE_FIELD_MAX_LENGTH },
        text,
      );
    } else if (isProfileDateField(field)) {
      const date = isoDate(text);
      if (!date)
        return refused(
          `${field}: "${text.slice(0, 40)}" is not a date (use YYYY-MM-DD)`,
          { code: 'notADate', column: field },
          text,
        );
      row.profile[field] = date;
    } else if (field === 'ref') {
      row.ref = text;
    } else {
      row.profile[field] = text;
    }
  }
  if (row.emailKey === null && row.ref === null)
    return refused('No e-mail address or ref', { code: 'noKey' });
  return { row };
}

/**
 * A date as YYYY-MM-DD from the forms imports meet: YYYY-MM-DD, YYYY/MM/DD and YYYY.MM.DD (year first,
 * optionally followed by a time, as workbook dates with a time are read), and DD/MM/YYYY, DD-MM-YYYY,
 * DD.MM.YYYY (day first, the European order: a US month-first file must be converted before import).
 * Answers undefined for anything else or a day that does not exist.
 */
export function isoDate(text: string): string | undefined {
  if (isPlainIsoDate(text)) return text;
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ][\d:.]+Z?)?$/.exec(text);
  let year: number, month: number, day: number;
  if (match) [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
    if (!match) return undefined;
    [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  if (year < 1000 || month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether text is already YYYY-MM-DD naming a day that exists: the form nearly every file uses, checked
 * without a regular expression or a Date (a million rows of dates showed in the import's profile).
 */
function isPlainIsoDate(text: string): boolean {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false;
  let year = 0;
  for (let index = 0; index < 4; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return false;
    year = year * 10 + digit;
  }
  const month = digitPair(text, 5);
  const day = digitPair(text, 8);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]!) return false;
  return month !== 2 || day < 29 || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0));
}

/** The two digits at `at` as a number, or -1. */
function digitPair(text: string, at: number): number {
  const tens = text.charCodeAt(at) - 48;
  const units = text.charCodeAt(at + 1) - 48;
  return tens < 0 || tens > 9 || units < 0 || units > 9 ? -1 : tens * 10 + units;
}

type CustomRefusal = { reason: string; detail: ImportRejectionDetail };

function customValue(field: ImportCustomField, text: string): string | number | boolean | CustomRefusal {
  let value: string | number | boolean = text;
  switch (field.dataType) {
    case 'number':
      if (!NUMBER_PATTERN.test(text) || !Number.isFinite(Number(text)))
        return { reason: 'not a number', detail: { code: 'notANumber' } };
      value = Number(text);
      break;
    case 'boolean': {
      const lowered = text.toLowerCase();
      if (TRUE_WORDS.has(lowered)) value = true;
      else if (FALSE_WORDS.has(lowered)) value = false;
      else return { reason: 'not true or false', detail: { code: 'notTrueFalse' } };
      break;
    }
    case 'date': {
      const date = isoDate(text);
      if (!date) return { reason: 'not a date (use YYYY-MM-DD)', detail: { code: 'notADate' } };
      value = date;
      break;
    }
    case 'text':
      if (text.length > CUSTOM_TEXT_MAX_LENGTH)
        return {
          reason: `longer than ${CUSTOM_TEXT_MAX_LENGTH} characters`,
          detail: { code: 'tooLong', limit: CUSTOM_TEXT_MAX_LENGTH },
        };
      break;
  }
  if (field.values) {
    const allowed = field.values.get(text.toLowerCase());
    if (allowed === undefined)
      return {
        reason: `"${text.slice(0, 40)}" is not one of the field's values`,
        detail: { code: 'notAllowedValue' },
      };
    if (typeof value === 'string') value = allowed;
  }
  if (field.pattern && !field.pattern.test(text))
    return { reason: "does not match the field's validation pattern", detail: { code: 'patternMismatch' } };
  return value;
}

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
