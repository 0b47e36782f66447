import { sql, type Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * How many events of each kind every subscriber has had, kept beside the events
 * (docs/decisions/0031-target-expressions-compile-to-one-condition.md). "Opened at
 * least 12 times" with no time window grouped all of an organization's events of that kind to count them
 * (2.5 million rows for `sent` at 10 million events): seconds, and past the statement limit on PGlite. The
 * tally answers it from one index range of (organization, kind, count). Windowed and per-activity counts still
 * group the events, within their window.
 *
 * Statement-level triggers with transition tables keep it: one grouped upsert per INSERT, COPY or DELETE
 * statement, whatever path writes events (imports, the delivery engine, the profile's own entries), rather
 * than a row-level trigger's one upsert per event. Rows are upserted in key order so concurrent writers take
 * the tally's row locks in the same order and cannot deadlock on each other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE subscriber_event_tally (
      organization_id integer NOT NULL,
      kind text NOT NULL,
      subscriber_id integer NOT NULL,
      count integer NOT NULL,
      PRIMARY KEY (organization_id, kind, subscriber_id)
    );
    CREATE INDEX subscriber_event_tally_count ON subscriber_event_tally (organization_id, kind, count)
      INCLUDE (subscriber_id);
    INSERT INTO subscriber_event_tally (organization_id, kind, subscriber_id, count)
      SELECT organization_id, kind, subscriber_id, count(*) FROM subscriber_event GROUP BY 1, 2, 3;
    ANALYZE subscriber_event_tally;
  `,
  );
  // Function bodies hold semicolons, so each is one statement of its own (runStatements splits on them).
  await sql`
    CREATE FUNCTION subscriber_event_tally_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO subscriber_event_tally (organization_id, kind, subscriber_id, count)
        SELECT organization_id, kind, subscriber_id, count(*) FROM added_events
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (organization_id, kind, subscriber_id)
        DO UPDATE SET count = subscriber_event_tally.count + excluded.count;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION subscriber_event_tally_remove() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE subscriber_event_tally AS tally SET count = tally.count - removed.count
        FROM (SELECT organization_id, kind, subscriber_id, count(*) AS count FROM removed_events
              GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) AS removed
        WHERE tally.organization_id = removed.organization_id AND tally.kind = removed.kind
          AND tally.subscriber_id = removed.subscriber_id;
      DELETE FROM subscriber_event_tally WHERE count <= 0;
      RETURN NULL;
    END $$`.execute(db);
  await runStatements(
    db,
    `
    CREATE TRIGGER subscriber_event_tally_add AFTER INSERT ON subscriber_event
      REFERENCING NEW TABLE AS added_events FOR EACH STATEMENT EXECUTE FUNCTION subscriber_event_tally_add();
    CREATE TRIGGER subscriber_event_tally_remove AFTER DELETE ON subscriber_event
      REFERENCING OLD TABLE AS removed_events FOR EACH STATEMENT EXECUTE FUNCTION subscriber_event_tally_remove();
  `,
  );
}
