import { HeraldError, testProfileSchema } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../database/schema.ts';
import type { Recipient, RecipientProfile } from '../content/recipient-scope.ts';
import type { Actor } from '../query/resources.ts';
import { partitionVisibility } from '../subscribers/subscriber-access.ts';
import { SUBSCRIBER_SELECT, type SubscriberRow } from '../subscribers/subscriber-record.ts';

/** Whom a preview is for, when the caller names no one: a made-up recipient with the fields people use most. */
export const SAMPLE_RECIPIENT: RecipientProfile = {
  id: null,
  title: 'Mx',
  firstname: 'Alex',
  lastname: 'Sample',
  email: 'alex.sample@example.com',
  phone: '+61 400 000 000',
  suburb: 'Surry Hills',
  state: 'NSW',
  postcode: '2010',
  country: 'AU',
  custom: {},
};

/**
 * The recipient of a preview (renderPreview): a subscriber the caller can see, the test profile of a member of
 * the organization (test profiles live in each user's settings; `testProfileId` is that user's id), or the
 * sample recipient. Its links are marked as a preview's, so nothing sent from one unsubscribes anybody.
 */
export async function previewRecipient(
  db: Kysely<Database>,
  config: Config,
  actor: Actor,
  who: { subscriberId?: number | undefined; testProfileId?: number | undefined },
): Promise<Recipient> {
  const organization = await db
    .selectFrom('organization')
    .select('name')
    .where('id', '=', actor.organizationId)
    .executeTakeFirstOrThrow();
  let profile = SAMPLE_RECIPIENT;
  if (who.subscriberId !== undefined) profile = await visibleSubscriber(db, actor, who.subscriberId);
  else if (who.testProfileId !== undefined) profile = await memberTestProfile(db, actor, who.testProfileId);
  return {
    subscriber: profile,
    unsubscribeUrl: `${config.publicUrl}/t/u/preview`,
    viewOnlineUrl: `${config.publicUrl}/t/v/preview`,
    organization: { name: organization.name },
  };
}

async function visibleSubscriber(
  db: Kysely<Database>,
  actor: Actor,
  subscriberId: number,
): Promise<RecipientProfile> {
  const rows = await sql<SubscriberRow>`SELECT ${SUBSCRIBER_SELECT} FROM subscriber
    WHERE subscriber.id = ${subscriberId} AND subscriber.organization_id = ${actor.organizationId}
      AND subscriber.anonymized_at IS NULL AND ${partitionVisibility('subscriber.partition_ids', actor)}`.execute(
    db,
  );
  const row = rows.rows[0];
  if (!row) throw new HeraldError('NotFoundError');
  return { ...row, custom: row.custom };
}

async function memberTestProfile(
  db: Kysely<Database>,
  actor: Actor,
  userId: number,
): Promise<RecipientProfile> {
  const member = await db
    .selectFrom('user_account')
    .innerJoin('organization_access', 'organization_access.user_id', 'user_account.id')
    .select('user_account.settings')
    .where('user_account.id', '=', userId)
    .where('organization_access.organization_id', '=', actor.organizationId)
    .where((eb) =>
      eb.or([
        eb('organization_access.valid_from', 'is', null),
        eb('organization_access.valid_from', '<=', new Date()),
      ]),
    )
    .executeTakeFirst();
  if (!member) throw new HeraldError('NotFoundError');
  const parsed = testProfileSchema.safeParse(member.settings.testProfile ?? {});
  const testProfile = parsed.success ? parsed.data : testProfileSchema.parse({});
  return {
    id: null,
    firstname: testProfile.firstName,
    lastname: testProfile.lastName,
    email: testProfile.email,
    phone: testProfile.mobile,
    custom: {},
  };
}
