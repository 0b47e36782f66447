import { createPublicKey } from 'node:crypto';
import {
  HeraldError,
  credentialTypeOf,
  credentialValueIssues,
  isCredentialType,
  secretHint,
  type CredentialType,
  type CredentialValueIssue,
} from '@herald/protocol';

/** A credential's values split as they are stored: readable fields, and the secrets to seal. */
export interface SplitValues {
  fields: Record<string, string>;
  secrets: Record<string, string>;
}

export function requireCredentialType(type: unknown): CredentialType {
  if (!isCredentialType(type)) throw new HeraldError('InvalidCredentialTypeError');
  return type;
}

/**
 * Checks a credential's values for its type (the contract's checks, and a PEM key must parse with node:crypto)
 * and splits them. Secrets are kept exactly as typed; other values are trimmed. A blank secret is left out, so
 * an update keeps the stored one.
 */
export function checkedValues(
  type: CredentialType,
  values: Readonly<Record<string, string>>,
  options: { existingSecrets: boolean },
): SplitValues {
  const issues: CredentialValueIssue[] = credentialValueIssues(type, values, options);
  const split: SplitValues = { fields: {}, secrets: {} };
  for (const declared of credentialTypeOf(type).fields) {
    const given = values[declared.name];
    if (given === undefined || given.trim() === '') continue;
    if (declared.secret) {
      split.secrets[declared.name] = given;
      continue;
    }
    const value = given.trim();
    if (declared.kind === 'pem' && !issues.some((issue) => issue.path === `values.${declared.name}`)) {
      try {
        createPublicKey(value);
      } catch {
        issues.push({ path: `values.${declared.name}`, message: 'The PEM public key does not parse' });
      }
    }
    split.fields[declared.name] = declared.kind === 'url' ? value.replace(/\/+$/, '') : value;
  }
  if (issues.length > 0) throw new HeraldError('ValidationError', { details: issues });
  return split;
}

export function hintsOf(secrets: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(secrets).map(([name, value]) => [name, secretHint(value)]));
}
