import { createPrivateKey, createPublicKey } from 'node:crypto';
import {
  HeraldError,
  credentialTypeOf,
  credentialValueIssues,
  isCredentialType,
  readServiceAccountKey,
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
    const path = `values.${declared.name}`;
    if (declared.kind === 'serviceAccountKey' && !issues.some((issue) => issue.path === path)) {
      const issue = privateKeyIssue(given);
      if (issue) issues.push({ path, message: issue });
    }
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

/**
 * What the credential will hold once saved, checked whole: the secrets it keeps (`held`, the stored ones with
 * the given ones over them) decide what the given values alone could not. A push credential's blank project id
 * is taken from its service account key; a field required with another (the project id with an access token)
 * must be there when that other is held, given now or stored before.
 */
export function completedFields(
  type: CredentialType,
  fields: Readonly<Record<string, string>>,
  held: Readonly<Record<string, string>>,
): Record<string, string> {
  const completed = { ...fields };
  const key =
    held.serviceAccountKey === undefined ? undefined : readServiceAccountKey(held.serviceAccountKey);
  if (type === 'push' && !completed.accountName && key && 'key' in key)
    completed.accountName = key.key.project_id;
  const issues: CredentialValueIssue[] = [];
  for (const declared of credentialTypeOf(type).fields) {
    const partner = declared.requiredWith;
    if (!partner || completed[declared.name] || !(held[partner] ?? completed[partner])) continue;
    issues.push({ path: `values.${declared.name}`, message: `Required with ${partner}` });
  }
  if (issues.length > 0) throw new HeraldError('ValidationError', { details: issues });
  return completed;
}

/** The secrets that saving `given` drops: the other members of the type's oneOf when one of them is given. */
export function replacedSecrets(type: CredentialType, given: Readonly<Record<string, string>>): string[] {
  const oneOf = credentialTypeOf(type).oneOf ?? [];
  if (!oneOf.some((name) => given[name] !== undefined)) return [];
  return oneOf.filter((name) => given[name] === undefined);
}

export function hintsOf(
  type: CredentialType,
  secrets: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(secrets).map(([name, value]) => [name, hintOf(type, name, value)]),
  );
}

/**
 * A service account key's hint is the end of its key id, which is how Google Cloud's console names the key (the
 * end of the JSON text would say nothing); any other secret's is its own end.
 */
function hintOf(type: CredentialType, name: string, value: string): string {
  const declared = credentialTypeOf(type).fields.find((candidate) => candidate.name === name);
  if (declared?.kind !== 'serviceAccountKey') return secretHint(value);
  const read = readServiceAccountKey(value);
  return 'key' in read ? secretHint(read.key.private_key_id ?? '') : secretHint('');
}

/** The service account's private key must be one node:crypto reads, or no token could ever be signed. */
function privateKeyIssue(text: string): string | undefined {
  const read = readServiceAccountKey(text);
  if (!('key' in read)) return undefined;
  try {
    createPrivateKey(read.key.private_key);
    return undefined;
  } catch {
    return 'The private_key of the service account key cannot be read';
  }
}
