import type { CheckResult, ContentError } from '@herald/protocol';
import { LIQUID_MARKUP } from '../content/liquid-markup.ts';
import { recipientScope, type Recipient } from '../content/recipient-scope.ts';
import { checkOutcome, type Finding } from './check-findings.ts';
import type { CheckedContent } from './checked-content.ts';

/** A test profile the content is rendered for (listTestProfiles), by the name the settings show. */
export interface CheckProfile {
  name: string;
  recipient: Recipient;
}

/** The render problems of one version for one test profile. */
export interface ProfileRender {
  profile: string;
  variation: number;
  errors: readonly ContentError[];
}

const FIELD_REFERENCE = /\bsubscriber\.((?:custom\.)?[A-Za-z_][\w-]*)/g;
/** Tags that test or copy a field: a field named there is handled by the author, with or without a value. */
const GUARD_TAG = /^\{%-?\s*(if|elsif|unless|case|when|assign)\b/;

/**
 * The profile fields the parts print with `{{ }}` and no `default` filter, as `firstname` or `custom.points`:
 * the ones a recipient without a value gets a gap for. A field the parts also test (`{% if %}`, `{% unless %}`,
 * `{% case %}`) or assign is left out, since the author already decided what an empty one shows.
 */
export function fieldsWithoutFallback(sources: readonly string[]): string[] {
  const printed = new Set<string>();
  const guarded = new Set<string>();
  for (const source of sources)
    for (const [markup] of source.matchAll(LIQUID_MARKUP)) {
      const fields = [...markup.matchAll(FIELD_REFERENCE)].map((match) => match[1]!);
      if (GUARD_TAG.test(markup)) for (const field of fields) guarded.add(field);
      else if (markup.startsWith('{{') && !/\|\s*default\b/.test(markup))
        for (const field of fields) printed.add(field);
    }
  return [...printed].filter((field) => field !== 'id' && !guarded.has(field));
}

/** Whether a recipient has no value for a field as fieldsWithoutFallback names it. */
export function isEmptyFor(recipient: Recipient, field: string): boolean {
  const subscriber = recipientScope(recipient).subscriber;
  const value = field.startsWith('custom.')
    ? (subscriber.custom as Record<string, unknown>)[field.slice('custom.'.length)]
    : subscriber[field];
  return value === null || value === undefined;
}

function described(error: ContentError): string {
  return `${error.part}${error.line === undefined ? '' : ` line ${error.line}`}: ${error.message}`;
}

/**
 * `content`: the Liquid compiles and renders for every version and every test profile (fail, with the part,
 * line and profile), and a field printed with no `default` that a test profile leaves empty warns, since real
 * subscribers without it would get a gap ("Hi ,").
 */
export function checkContent(
  content: CheckedContent,
  profiles: readonly CheckProfile[],
  renders: readonly ProfileRender[],
): CheckResult {
  const findings: Finding[] = [];
  const known = new Map<number, Set<string>>();
  for (const version of content.versions) {
    const texts = new Set(version.errors.map(described));
    known.set(version.variation, texts);
    for (const text of texts)
      findings.push({ status: 'fail', text: `${text} Correct the template.`, variation: version.variation });
  }
  for (const render of renders)
    for (const error of render.errors) {
      const text = described(error);
      if (known.get(render.variation)?.has(text)) continue;
      findings.push({
        status: 'fail',
        text: `For test profile “${render.profile}”, ${text}`,
        variation: render.variation,
      });
    }
  for (const version of content.versions)
    for (const field of fieldsWithoutFallback(version.sources)) {
      const empty = profiles.filter((profile) => isEmptyFor(profile.recipient, field));
      if (empty.length === 0) continue;
      const names = empty.map((profile) => `“${profile.name}”`).join(', ');
      findings.push({
        status: 'warn',
        text: `{{ subscriber.${field} }} is empty for ${names} and has no fallback: add | default: "…".`,
        variation: version.variation,
      });
    }
  const profileCount = `${profiles.length} test profile${profiles.length === 1 ? '' : 's'}`;
  return checkOutcome(
    'content',
    findings,
    `The content renders for ${profileCount}, every field with a value or a fallback.`,
    content.versions.length,
  );
}
