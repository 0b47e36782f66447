import { readSendingSettings, type SendingSettings } from '@herald/protocol';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';

/** The organization's time zone and throttle ceilings (organization.settings; protocol schedule/sending-settings.ts). */
export async function readOrganizationSendingSettings(
  db: Kysely<Database> | Transaction<Database>,
  organizationId: number,
): Promise<SendingSettings> {
  const row = await db
    .selectFrom('organization')
    .select('settings')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return readSendingSettings(row?.settings ?? {});
}
