import { SCORING_FIELDS, STANDARD_PROFILE_FIELDS, WRITABLE_PROFILE_FIELDS } from '@herald/protocol';
import type { ScoringField, StandardProfileField } from '@herald/protocol';

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
