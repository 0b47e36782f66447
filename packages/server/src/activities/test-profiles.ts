import { testProfileSchema, type TestProfileEntry } from '@herald/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';

/**
 * The test profiles of an organization's members (listTestProfiles): each lives in its user's settings. The
 * caller's own comes first, as "Your account", even empty; the others are listed when they hold anything, in
 * alphabetical order of their names.
 */
export async function listTestProfiles(db: Kysely<Database>, actor: Actor): Promise<TestProfileEntry[]> {
  const members = await db
    .selectFrom('user_account')
    .innerJoin('organization_access', 'organization_access.user_id', 'user_account.id')
    .select(['user_account.id', 'user_account.email', 'user_account.settings'])
    .where('organization_access.organization_id', '=', actor.organizationId)
    .where('user_account.disabled', '=', false)
    .execute();
  const entries: TestProfileEntry[] = [];
  for (const member of members) {
    const parsed = testProfileSchema.safeParse(member.settings.testProfile ?? {});
    const profile = parsed.success ? parsed.data : testProfileSchema.parse({});
    const fullName = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
    const isYours = member.id === actor.userId;
    if (!isYours && !fullName && !profile.email) continue;
    entries.push({
      userId: member.id,
      name: fullName || profile.email || member.email,
      email: profile.email,
      isYours,
    });
  }
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  return entries.sort(
    (a, b) =>
      Number(b.isYours) - Number(a.isYours) || collator.compare(a.name, b.name) || a.userId - b.userId,
  );
}
