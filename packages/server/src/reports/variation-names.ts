import { combinationChoices, type VariedEmail } from '@herald/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { ReportScope } from './report-scope.ts';

/**
 * Each sent version's name from the revision the runs sent: variation n's own name, or for a multivariate
 * e-mail the names of the variations combination n takes, joined. '' for the original and an unnamed one
 * (the console shows "Original" or "Variation n" in the reader's language).
 */
export async function variationNames(
  db: Kysely<Database>,
  scope: ReportScope,
  variations: readonly number[],
): Promise<Map<number, string>> {
  const names = new Map(variations.map((variation) => [variation, '']));
  if (scope.revisionId === null || scope.activity.type !== 'email') return names;
  const row = await db
    .selectFrom('activity_revision')
    .select('content')
    .where('id', '=', scope.revisionId)
    .where('organization_id', '=', scope.actor.organizationId)
    .executeTakeFirst();
  const channels = (row?.content as { channels?: { email?: VariedEmail } } | undefined)?.channels;
  const email = channels?.email;
  if (!email?.variations?.length) return names;
  for (const variation of variations) {
    const choices = variation === 0 ? [] : (combinationChoices(email, variation) ?? []);
    const chosen = [...new Set(choices.map((choice) => choice.variation))];
    names.set(
      variation,
      chosen
        .map((index) => (index === null ? '' : (email.variations?.[index]?.name ?? '')))
        .filter((name) => name !== '')
        .join(' + '),
    );
  }
  return names;
}
