import type { CredentialUse } from '@herald/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { channelCredentialsOf } from './channel-credentials.ts';

/**
 * What uses an organization's credentials, by credential id (a credential's usedBy). The places are listed
 * here: each channel's provider (settings `channelCredentials`) and every entry of the domains configuration
 * that names a `credentialId` (sending and tracking domains). Activities and integrations that come to name a
 * credential are added here too, and deletion refuses a credential in use through this one answer.
 */
export async function credentialUses(
  db: Kysely<Database>,
  organizationId: number,
): Promise<Map<number, CredentialUse[]>> {
  const organization = await db
    .selectFrom('organization')
    .select(['settings', 'domains_config'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
  const uses = new Map<number, CredentialUse[]>();
  const add = (id: number, use: CredentialUse) => uses.set(id, [...(uses.get(id) ?? []), use]);
  if (!organization) return uses;
  for (const [channel, id] of Object.entries(channelCredentialsOf(organization.settings))) {
    if (typeof id === 'number') add(id, { kind: 'channel', name: channel });
  }
  for (const { id, name } of namedCredentials(organization.domains_config, []))
    add(id, { kind: 'domain', name });
  return uses;
}

/** Every object at any depth with a numeric `credentialId`, named by its `domain` (or its place in the document). */
function namedCredentials(value: unknown, path: string[]): Array<{ id: number; name: string }> {
  if (Array.isArray(value))
    return value.flatMap((inner, index) => namedCredentials(inner, [...path, String(index)]));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const own =
    typeof record.credentialId === 'number'
      ? [
          {
            id: record.credentialId,
            name: typeof record.domain === 'string' ? record.domain : path.join('.'),
          },
        ]
      : [];
  return [
    ...own,
    ...Object.entries(record).flatMap(([key, inner]) => namedCredentials(inner, [...path, key])),
  ];
}
