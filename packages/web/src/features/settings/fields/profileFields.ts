import { SCORING_FIELDS, STANDARD_PROFILE_FIELDS, WRITABLE_PROFILE_FIELDS } from '@herald/protocol';
import type { ScoringField, StandardProfileField } from '@herald/protocol';

/** The standard fields in the order the profile shows them: who, how to reach them, where, then the rest. */
export const PROFILE_FIELD_ORDER: readonly StandardProfileField[] = [
  'title',
  'firstname',
  'lastname',
  'email',
  'phone',
  'gender',
  'dob',
  'address',
  'address2',
  'address3',
  'suburb',
  'state',
  'postcode',
  'country',
  'ref',
  'cluster_id',
  'notifications',
  'resume_date',
  'is_invalid',
  'is_unsubscribed',
  'extra',
];

export function isStandardProfileField(name: string): name is StandardProfileField {
  return (STANDARD_PROFILE_FIELDS as readonly string[]).includes(name);
}

/** Fields only Herald sets (functional §3: the writable subset excludes these). */
export function isSystemField(name: StandardProfileField): boolean {
  return !(WRITABLE_PROFILE_FIELDS as readonly string[]).includes(name);
}

export function isScoringField(name: string): name is ScoringField {
  return (SCORING_FIELDS as readonly string[]).includes(name);
}
