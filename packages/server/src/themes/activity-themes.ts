import { ACTIVITY_THEME_STYLE_DEFAULTS, HeraldError, type ActivityThemeRecord } from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { validation, type Actor } from '../query/resources.ts';
import { returnedRow } from '../query/write-helpers.ts';

export interface ActivityThemeRow {
  id: number;
  name: string;
  description: string;
  content: string;
  updated_at: Date;
  is_deleted: boolean;
}

export const ACTIVITY_THEME_SELECT = sql<ActivityThemeRow>`activity_theme.id, activity_theme.name,
  activity_theme.description, activity_theme.content, activity_theme.updated_at, activity_theme.is_deleted`;

export function activityThemeRecord(row: ActivityThemeRow): ActivityThemeRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    content: row.content,
    lastUpdated: new Date(row.updated_at).toISOString(),
    isDeleted: row.is_deleted,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An activity theme's content as stored (functional §3): the JSON object given, its `style` merged over
 * ACTIVITY_THEME_STYLE_DEFAULTS. Text that is not JSON of an object, or a `style` that is not an object, is a
 * ValidationError at `content`.
 */
export function mergedActivityThemeContent(content: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw validation('content', 'The content is not valid JSON');
  }
  if (!isObject(parsed)) throw validation('content', 'The content must be a JSON object');
  const style = parsed.style ?? {};
  if (!isObject(style)) throw validation('content.style', 'The style must be an object');
  return JSON.stringify({ ...parsed, style: { ...ACTIVITY_THEME_STYLE_DEFAULTS, ...style } });
}

type Database_ = Kysely<Database> | Transaction<Database>;

/** The organization's activity theme, not deleted, locked for the transaction; NotFoundError otherwise. */
async function liveTheme(db: Database_, actor: Actor, id: number): Promise<ActivityThemeRow> {
  const rows = await sql<ActivityThemeRow>`SELECT ${ACTIVITY_THEME_SELECT} FROM activity_theme
    WHERE id = ${id} AND organization_id = ${actor.organizationId} AND NOT is_deleted FOR UPDATE`.execute(db);
  const row = rows.rows[0];
  if (!row) throw new HeraldError('NotFoundError');
  return row;
}

/** saveActivityTheme: a new theme without id, else the named one, its content merged over the defaults. */
export async function saveActivityTheme(
  db: Database_,
  actor: Actor,
  params: { id?: number | undefined; name: string; description: string; content: string },
): Promise<ActivityThemeRecord> {
  const content = mergedActivityThemeContent(params.content);
  if (params.id === undefined) {
    const row = await sql<ActivityThemeRow>`INSERT INTO activity_theme (organization_id, name, description,
        content, created_by)
      VALUES (${actor.organizationId}, ${params.name}, ${params.description}, ${content}, ${actor.userId})
      RETURNING ${ACTIVITY_THEME_SELECT}`.execute(db);
    return activityThemeRecord(returnedRow(row));
  }
  await liveTheme(db, actor, params.id);
  const row = await sql<ActivityThemeRow>`UPDATE activity_theme SET name = ${params.name},
      description = ${params.description}, content = ${content},
      updated_at = greatest(now(), updated_at + interval '1 millisecond')
    WHERE id = ${params.id} AND organization_id = ${actor.organizationId}
    RETURNING ${ACTIVITY_THEME_SELECT}`.execute(db);
  return activityThemeRecord(returnedRow(row));
}

/** deleteActivityTheme: soft, so activities that used it keep what it was. */
export async function deleteActivityTheme(
  db: Database_,
  actor: Actor,
  id: number,
): Promise<ActivityThemeRecord> {
  await liveTheme(db, actor, id);
  const row = await sql<ActivityThemeRow>`UPDATE activity_theme SET is_deleted = true,
      updated_at = greatest(now(), updated_at + interval '1 millisecond')
    WHERE id = ${id} AND organization_id = ${actor.organizationId}
    RETURNING ${ACTIVITY_THEME_SELECT}`.execute(db);
  return activityThemeRecord(returnedRow(row));
}

/** copyActivityTheme: a new theme "<name> (copy)" with the same description and content. */
export async function copyActivityTheme(
  db: Database_,
  actor: Actor,
  id: number,
): Promise<ActivityThemeRecord> {
  const original = await liveTheme(db, actor, id);
  const row =
    await sql<ActivityThemeRow>`INSERT INTO activity_theme (organization_id, name, description, content,
      created_by)
    VALUES (${actor.organizationId}, ${`${original.name} (copy)`.slice(0, 200)}, ${original.description},
      ${original.content}, ${actor.userId})
    RETURNING ${ACTIVITY_THEME_SELECT}`.execute(db);
  return activityThemeRecord(returnedRow(row));
}
