import { CHECK_NAMES, HeraldError, type CheckResult } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import { readVisibleActivity } from '../activities/activity-record.ts';
import { SAMPLE_RECIPIENT } from '../activities/preview-recipient.ts';
import { readActivityRevision } from '../activities/revision-history.ts';
import type { Recipient } from '../content/recipient-scope.ts';
import type { Database } from '../database/schema.ts';
import { domainsOf } from '../domains/domain-store.ts';
import type { Actor } from '../query/resources.ts';
import { checkTarget } from '../targets/target-input.ts';
import type { RunActivityChecks } from './check-run.ts';
import { CHECK_LINKS } from './checked-content.ts';
import { checkProfiles } from './check-profiles.ts';
import { checkedContent } from './checked-versions.ts';
import { checkContent, type ProfileRender } from './content-check.ts';
import { checkDestination, type TargetState } from './destination-check.ts';
import { checkFrom, type SendingDomainFact } from './from-check.ts';
import { checkImages, imageAssetIds, type AssetFacts } from './images-check.ts';
import { checkLinks } from './links-check.ts';
import { checkOfficeXml } from './office-xml-check.ts';
import { checkRecipients } from './recipients-check.ts';
import { countRecipients } from './recipient-count.ts';
import { checkSize } from './size-check.ts';
import { checkSubject } from './subject-check.ts';
import { checkTrackingImage } from './tracking-image-check.ts';

/**
 * Every check of PROTOCOL §8 on an activity's revision (its latest unless named), one result per check name in
 * CHECK_NAMES' order. The content is rendered once per version for the sample recipient and each check reads
 * that; the content check renders it again for each test profile. An activity the actor cannot see answers
 * ActivityNotFoundError, one without content ActivityFetchError. An aborted `signal` stops the run between
 * checks with its reason.
 */
export const runActivityChecks: RunActivityChecks = async ({ db, actor, activityId, revisionId, signal }) => {
  const activity = await readVisibleActivity(db, actor, activityId);
  if (!activity) throw new HeraldError('ActivityNotFoundError');
  const id = revisionId ?? activity.latestRevisionId;
  if (id === null) throw new HeraldError('ActivityFetchError');
  const revision = await readActivityRevision(db, actor, activity, id);
  const organization = await db
    .selectFrom('organization')
    .select('name')
    .where('id', '=', actor.organizationId)
    .executeTakeFirstOrThrow();
  const links: Omit<Recipient, 'subscriber'> = { ...CHECK_LINKS, organization: { name: organization.name } };
  signal?.throwIfAborted();
  const content = await checkedContent(
    db,
    actor,
    activity.type,
    revision.content,
    { ...links, subscriber: SAMPLE_RECIPIENT },
    signal,
  );

  const results: CheckResult[] = [];
  const run = async (check: () => CheckResult | Promise<CheckResult>) => {
    signal?.throwIfAborted();
    results.push(await check());
  };
  await run(() => checkSize(content));
  await run(async () =>
    checkImages(
      content,
      await assetFacts(db, actor.organizationId, imageAssetIds(content, actor.organizationId)),
      actor.organizationId,
    ),
  );
  await run(() => checkLinks(content));
  await run(() => checkSubject(content));
  await run(() => checkOfficeXml(content));
  await run(async () => checkFrom(content, await sendingDomainFacts(db, actor.organizationId)));
  await run(() => checkTrackingImage(content));
  const target = await targetState(db, actor, activity.target);
  await run(() => checkDestination(target));
  await run(async () =>
    checkRecipients(
      target.kind === 'valid' ? await countRecipients(db, actor, activity.target) : undefined,
      activity.sendLimit,
    ),
  );
  await run(async () => {
    const profiles = await checkProfiles(db, actor, links);
    const renders: ProfileRender[] = [];
    for (const version of content.versions) {
      signal?.throwIfAborted();
      for (const profile of profiles)
        renders.push({
          profile: profile.name,
          variation: version.variation,
          errors: await version.renderErrors(profile.recipient),
        });
    }
    return checkContent(content, profiles, renders);
  });
  signal?.throwIfAborted();
  return CHECK_NAMES.map((name) => results.find((result) => result.name === name)!);
};

/** The activity's saved target checked again now: a list or field it names may have gone since. */
async function targetState(db: Kysely<Database>, actor: Actor, target: string | null): Promise<TargetState> {
  if (target === null || !target.trim()) return { kind: 'none' };
  try {
    return { kind: 'valid', tree: (await checkTarget(db, actor, target, 'target')).tree };
  } catch (error) {
    if (!(error instanceof HeraldError) || error.type !== 'ValidationError') throw error;
    const details = error.details ?? [];
    return { kind: 'invalid', problem: details.map((detail) => detail.message).join('; ') || error.message };
  }
}

/** The organization's assets by id, as the images check needs them. */
async function assetFacts(
  db: Kysely<Database>,
  organizationId: number,
  ids: readonly number[],
): Promise<Map<number, AssetFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<{ id: number; name: string; size: number; is_published: boolean }>`
    SELECT id, name, size, is_published FROM asset
    WHERE organization_id = ${organizationId} AND id = ANY(${[...ids]}::integer[])`.execute(db);
  return new Map(
    rows.rows.map((row) => [
      row.id,
      { name: row.name, size: Number(row.size), isPublished: row.is_published },
    ]),
  );
}

/** The organization's sending domains, and which are verified, for the From check. */
async function sendingDomainFacts(
  db: Kysely<Database>,
  organizationId: number,
): Promise<SendingDomainFact[]> {
  const rows = await domainsOf(db, organizationId, 'sending');
  return rows.map((row) => ({ domain: row.domain, verified: row.verified_at !== null }));
}
