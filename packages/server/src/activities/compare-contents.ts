import { isDeepStrictEqual } from 'node:util';
import { REVISION_DIFF_MAX_LINES, type RevisionChange } from '@herald/protocol';
import { diffLines } from './line-diff.ts';

/**
 * The fields that differ between two contents, by JSON path, keys in alphabetical order (the database keeps
 * JSON in an order of its own, so the author's order is not there to follow). Objects are compared key by key and arrays item by item; anything else, or a
 * field whose kind changed, is one change with its whole values. A text of several lines also gets a line diff.
 */
export function compareContents(before: unknown, after: unknown): RevisionChange[] {
  const changes: RevisionChange[] = [];
  walk('', before, after, changes);
  return changes;
}

function walk(path: string, before: unknown, after: unknown, changes: RevisionChange[]): void {
  if (isDeepStrictEqual(before, after)) return;
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let index = 0; index < Math.max(before.length, after.length); index++)
      walk(`${path}[${index}]`, before[index], after[index], changes);
    return;
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) walk(childPath(path, key), before[key], after[key], changes);
    return;
  }
  changes.push(leafChange(path, before, after));
}

function leafChange(path: string, before: unknown, after: unknown): RevisionChange {
  const change: RevisionChange = { path };
  if (before !== undefined) change.before = before;
  if (after !== undefined) change.after = after;
  if (isMultiline(before) || isMultiline(after)) {
    const diff = diffLines(textOf(before), textOf(after), REVISION_DIFF_MAX_LINES);
    change.lines = diff.lines;
    if (diff.truncated) change.linesTruncated = true;
  }
  return change;
}

/** A line diff is worth giving for a text of several lines, against text or nothing. */
function isMultiline(value: unknown): boolean {
  return typeof value === 'string' && value.includes('\n');
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `a.b` for a key that reads as a name, `a["odd key"]` for any other (a flex message's keys are LINE's). */
function childPath(path: string, key: string): string {
  if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === '' ? key : `${path}.${key}`;
}
