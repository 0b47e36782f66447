import {
  designBlocks,
  designToMjml,
  themeSettingsSchema,
  type ContentBlockContent,
  type ContentBlockFormat,
  type EmailContent,
  type ThemeSettings,
} from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import { partitionVisibility } from '../subscribers/subscriber-access.ts';

/**
 * A designed e-mail with its MJML written again from its design, with what the design points at as it is
 * now: each content block's current content by id (a block keeps only the copy it had when chosen) and its
 * theme's current settings. A hand-written e-mail (no design) is answered as it is. What a preview renders,
 * and what the delivery engine should render, so an edit of a shared block or theme reaches every e-mail.
 */
export async function withFreshDesign(
  db: Kysely<Database>,
  actor: Actor,
  email: EmailContent,
): Promise<EmailContent> {
  const design = email.design;
  if (!design) return email;
  const ids = [
    ...new Set(
      designBlocks(design).flatMap((block) =>
        block.type === 'contentBlock' && block.contentBlockId !== undefined ? [block.contentBlockId] : [],
      ),
    ),
  ];
  const [contentBlocks, theme] = await Promise.all([
    currentContentBlocks(db, actor, ids),
    design.theme?.themeId === undefined ? undefined : currentTheme(db, actor, design.theme.themeId),
  ]);
  return { ...email, mjml: designToMjml(design, { contentBlocks, theme }) };
}

/** The content of the blocks the actor may reach, by id; a block gone or out of reach keeps its copy. */
async function currentContentBlocks(
  db: Kysely<Database>,
  actor: Actor,
  ids: readonly number[],
): Promise<Map<number, ContentBlockContent>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<{ id: number; format: string; content: string }>`
    SELECT content_block.id, content_block.format, content_block.content FROM content_block
    WHERE content_block.id = ANY(${[...ids]}::integer[])
      AND content_block.organization_id = ${actor.organizationId}
      AND ${partitionVisibility('content_block.partition_ids', actor)}`.execute(db);
  return new Map(
    rows.rows.map((row) => [
      row.id,
      { format: row.format as ContentBlockFormat, content: row.content } satisfies ContentBlockContent,
    ]),
  );
}

/** The organization's theme by id, with every default filled; undefined when it is deleted or not there. */
async function currentTheme(
  db: Kysely<Database>,
  actor: Actor,
  themeId: number,
): Promise<ThemeSettings | undefined> {
  const row = await db
    .selectFrom('theme')
    .select('settings')
    .where('id', '=', themeId)
    .where('organization_id', '=', actor.organizationId)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  return row ? themeSettingsSchema.parse(row.settings) : undefined;
}
