import {
  HeraldError,
  PROVIDER_CHANNELS,
  channelCredentialsSchema,
  credentialTypeOf,
  isCredentialType,
  type ChannelCredentials,
  type ValidationDetail,
} from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';

/** The organization's `channelCredentials` as stored, reading anything malformed as unset. */
export function channelCredentialsOf(settings: Record<string, unknown> | undefined): ChannelCredentials {
  const parsed = channelCredentialsSchema.safeParse(settings?.channelCredentials ?? {});
  if (parsed.success) return parsed.data;
  return {};
}

/**
 * Refuses a mapping whose credential is not the organization's own, or is of a type that cannot be the
 * channel's provider (an AWS key for SMS). Also read by updateOrganizationSettings, so the settings document
 * cannot be given a mapping this command would refuse.
 */
export async function checkChannelCredentials(
  db: Kysely<Database>,
  organizationId: number,
  given: unknown,
): Promise<ChannelCredentials> {
  const parsed = channelCredentialsSchema.safeParse(given);
  if (!parsed.success)
    throw new HeraldError('ValidationError', {
      details: parsed.error.issues.map((issue) => ({
        path: ['channelCredentials', ...issue.path].join('.'),
        message: issue.message,
      })),
    });
  const mapping = parsed.data;
  const ids = Object.values(mapping).filter((id): id is number => typeof id === 'number');
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('credential')
          .select(['id', 'type'])
          .where('organization_id', '=', organizationId)
          .where('id', 'in', ids)
          .execute();
  const details: ValidationDetail[] = [];
  for (const channel of PROVIDER_CHANNELS) {
    const id = mapping[channel];
    if (typeof id !== 'number') continue;
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) details.push({ path: `channelCredentials.${channel}`, message: 'No such credential' });
    else if (!isCredentialType(row.type) || credentialTypeOf(row.type).channel !== channel)
      details.push({
        path: `channelCredentials.${channel}`,
        message: 'This type of credential cannot be the provider of this channel',
      });
  }
  if (details.length > 0) throw new HeraldError('ValidationError', { details });
  return mapping;
}

/** Sets the given channels' credentials (null clears one), leaving the rest of the settings as they are. */
export async function updateChannelCredentials(
  db: Kysely<Database>,
  organizationId: number,
  given: ChannelCredentials,
): Promise<ChannelCredentials> {
  return db.transaction().execute(async (trx) => {
    // The organization's row is locked first, as deleteCredential does, so a credential cannot be deleted
    // between being checked here and being named.
    const row = await trx
      .selectFrom('organization')
      .select('settings')
      .where('id', '=', organizationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const changes = await checkChannelCredentials(trx, organizationId, given);
    const next: ChannelCredentials = { ...channelCredentialsOf(row.settings) };
    for (const channel of PROVIDER_CHANNELS) {
      if (!(channel in changes)) continue;
      const id = changes[channel];
      if (typeof id === 'number') next[channel] = id;
      else delete next[channel];
    }
    // Only this key of the settings document is written, so a concurrent change of another key is kept.
    await trx
      .updateTable('organization')
      .set({
        settings: sql<string>`jsonb_set(settings, '{channelCredentials}', ${JSON.stringify(next)}::jsonb)`,
      })
      .where('id', '=', organizationId)
      .execute();
    return next;
  });
}
