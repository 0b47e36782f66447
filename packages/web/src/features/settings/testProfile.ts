import { testProfileSchema } from '@herald/protocol';
import type { TestProfile } from '@herald/protocol';

/** The test profile form: pure, so the rules are unit-tested apart from the page. */

export const TEST_PROFILE_FIELDS = ['firstName', 'lastName', 'email', 'mobile'] as const;
export type TestProfileField = (typeof TEST_PROFILE_FIELDS)[number];

export const emptyTestProfile: TestProfile = { firstName: '', lastName: '', email: '', mobile: '' };

/**
 * The test profile kept in the user's settings (`settings.testProfile`), as the form shows it: every field a
 * string, '' for one that is missing or not text.
 */
export function testProfileFrom(settings: Record<string, unknown> | null | undefined): TestProfile {
  const stored = settings?.testProfile;
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return { ...emptyTestProfile };
  const record = stored as Record<string, unknown>;
  const text = (field: TestProfileField) => {
    const value = record[field];
    return typeof value === 'string' ? value : '';
  };
  return {
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: text('email'),
    mobile: text('mobile'),
  };
}

/** Why a field was refused, as a translation key under settings.profile and its values. */
export interface FieldError {
  key: 'invalidEmail' | 'invalidMobile' | 'tooLong';
  values?: { max: number };
}

export type TestProfileCheck =
  { ok: true; profile: TestProfile } | { ok: false; errors: Partial<Record<TestProfileField, FieldError>> };

/**
 * The form checked with the contract's testProfileSchema: the profile as it is sent (every field trimmed), or
 * the first error of each refused field.
 */
export function checkTestProfile(form: TestProfile): TestProfileCheck {
  // The contract trims the names and the mobile; the address is trimmed here too, as people paste it so.
  const parsed = testProfileSchema.safeParse({ ...form, email: form.email.trim() });
  if (parsed.success) return { ok: true, profile: parsed.data };
  const errors: Partial<Record<TestProfileField, FieldError>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (!isField(field) || errors[field]) continue;
    if (issue.code === 'too_big') {
      errors[field] = { key: 'tooLong', values: { max: Number(issue.maximum) } };
    } else if (field === 'mobile') {
      errors[field] = { key: 'invalidMobile' };
    } else if (field === 'email') {
      errors[field] = { key: 'invalidEmail' };
    } else {
      // A name is only refused for its length; anything else is reported the same way.
      errors[field] = { key: 'tooLong', values: { max: 100 } };
    }
  }
  return { ok: false, errors };
}

function isField(value: unknown): value is TestProfileField {
  return typeof value === 'string' && (TEST_PROFILE_FIELDS as readonly string[]).includes(value);
}

/**
 * The settings updateUserSettings is sent to save a test profile: the user's whole current settings with
 * `testProfile` replaced, since the server replaces the whole object (locale, advanced and any other key stay).
 */
export function settingsWithTestProfile(
  current: Record<string, unknown>,
  profile: TestProfile,
): Record<string, unknown> {
  return { ...current, testProfile: { ...profile } };
}
