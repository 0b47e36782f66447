import { testProfileSchema } from '@herald/protocol';
import type { Kysely } from 'kysely';
import { listTestProfiles } from '../activities/test-profiles.ts';
import type { Recipient } from '../content/recipient-scope.ts';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import type { CheckProfile } from './content-check.ts';

/**
 * The test profiles the content check renders for: those listTestProfiles shows (the caller's own first, even
 * empty, then every member's that holds anything), each as a recipient with the given links and organization,
 * filled as renderPreview fills one.
 */
export async function checkProfiles(
  db: Kysely<Database>,
  actor: Actor,
  links: Omit<Recipient, 'subscriber'>,
): Promise<CheckProfile[]> {
  const entries = await listTestProfiles(db, actor);
  if (entries.length === 0) return [];
  const rows = await db
    .selectFrom('user_account')
    .select(['id', 'settings'])
    .where(
      'id',
      'in',
      entries.map((entry) => entry.userId),
    )
    .execute();
  const settings = new Map(rows.map((row) => [row.id, row.settings]));
  return entries.map((entry) => {
    const parsed = testProfileSchema.safeParse(settings.get(entry.userId)?.testProfile ?? {});
    const profile = parsed.success ? parsed.data : testProfileSchema.parse({});
    return {
      name: entry.name,
      recipient: {
        ...links,
        subscriber: {
          id: null,
          firstname: profile.firstName,
          lastname: profile.lastName,
          email: profile.email,
          phone: profile.mobile,
          custom: {},
        },
      },
    };
  });
}
