import {
  HeraldError,
  themeSettingsSchema,
  type ThemeRecord,
  type ThemeSettings,
  type themeWriteSchema,
} from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../database/schema.ts';
import { validation, type Actor } from '../query/resources.ts';
import { checkNew, checkVersion, returnedRow } from '../query/write-helpers.ts';
import { THEME_SELECT, themeRecord, type ThemeRow } from './theme-record.ts';

type ThemeInput = z.output<typeof themeWriteSchema>;

/** The settings groups of a write, without its id, version and deletion. */
function givenSettings(input: ThemeInput): Partial<ThemeSettings> {
  const { id: _id, version: _version, updatedAt: _updatedAt, isDeleted: _isDeleted, ...groups } = input;
  return Object.fromEntries(Object.entries(groups).filter(([, value]) => value !== undefined));
}

/**
 * Creates or updates one e-mail theme of writeRecords. A create needs themeName and takes every default; an
 * update replaces the groups it gives. A locked theme (policies.lock) refuses every write with
 * ItemNotEditableError unless the write unlocks it (policies.lock false); a deleted one refuses every write.
 */
export async function writeTheme(
  trx: Transaction<Database>,
  actor: Actor,
  input: ThemeInput,
  path: string,
): Promise<ThemeRecord> {
  const given = givenSettings(input);
  if (input.id === undefined) {
    checkNew(input, path);
    if (!given.themeName) throw validation(`${path}.themeName`, 'A theme needs a name');
    const settings = themeSettingsSchema.parse(given);
    const row = await sql<ThemeRow>`INSERT INTO theme (organization_id, theme_name, settings, is_locked,
        is_deleted, created_by)
      VALUES (${actor.organizationId}, ${settings.themeName}, ${JSON.stringify(settings)}::jsonb,
        ${settings.policies.lock}, ${input.isDeleted ?? false}, ${actor.userId})
      RETURNING ${THEME_SELECT}`.execute(trx);
    return themeRecord(returnedRow(row));
  }

  const found = await sql<ThemeRow>`SELECT ${THEME_SELECT} FROM theme
    WHERE id = ${input.id} AND organization_id = ${actor.organizationId} FOR UPDATE`.execute(trx);
  const stored = found.rows[0] ? themeRecord(found.rows[0]) : undefined;
  if (!stored || stored.isDeleted) throw new HeraldError('NoThemeFoundError');
  checkVersion(input, stored, path);
  const unlocking = given.policies?.lock === false;
  if (stored.isLocked && !unlocking) throw new HeraldError('ItemNotEditableError');
  const {
    id: _id,
    isLocked: _isLocked,
    isDeleted: _isDeleted,
    createdAt: _c,
    updatedAt: _u,
    version: _v,
    ...kept
  } = stored;
  const settings = themeSettingsSchema.parse({ ...kept, ...given });
  const row = await sql<ThemeRow>`UPDATE theme SET theme_name = ${settings.themeName},
      settings = ${JSON.stringify(settings)}::jsonb, is_locked = ${settings.policies.lock},
      is_deleted = ${input.isDeleted ?? false},
      updated_at = greatest(now(), updated_at + interval '1 millisecond'), version = version + 1
    WHERE id = ${stored.id} AND organization_id = ${actor.organizationId}
    RETURNING ${THEME_SELECT}`.execute(trx);
  return themeRecord(returnedRow(row));
}
