import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';

/**
 * Records a run's tracked links by index (trackedLinksOf of its rendered message), once per run: a second call
 * with the same links changes nothing, so a resumed run may call it again.
 */
export async function recordRunLinks(
  db: Kysely<Database>,
  runId: number,
  links: readonly string[],
): Promise<void> {
  if (links.length === 0) return;
  await db
    .insertInto('tracked_link')
    .values(links.map((url, idx) => ({ run_id: runId, idx, url })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** The run's links in index order: what addTracking's `runLinks` compares each message's links with. */
export async function runLinksOf(db: Kysely<Database>, runId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('tracked_link')
    .select(['idx', 'url'])
    .where('run_id', '=', runId)
    .orderBy('idx')
    .execute();
  const links: string[] = [];
  for (const row of rows) links[row.idx] = row.url;
  return links;
}

/** The address of a run's link, or undefined when the run recorded none at that index. */
export async function runLinkAt(
  db: Kysely<Database>,
  runId: number,
  idx: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('tracked_link')
    .select('url')
    .where('run_id', '=', runId)
    .where('idx', '=', idx)
    .executeTakeFirst();
  return row?.url;
}
