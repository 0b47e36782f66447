import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { HeraldError, NATIVE_TEMPLATE_MARKER } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import { validation } from '../query/resources.ts';
import { returnedRow } from '../query/write-helpers.ts';
import { findAnyUpload } from '../uploads/upload-store.ts';
import { readTemplatePackage } from './read-package.ts';
import { TEMPLATE_SELECT, templateRecord } from './template-record.ts';
import type { TemplateRecord } from '@herald/protocol';

/** JSON for a jsonb column: PostgreSQL refuses the NUL character in jsonb, so it is dropped. */
const storableJson = (value: unknown) => JSON.stringify(value).replaceAll('\\u0000', '');
/** Text for a text column, which cannot hold NUL either. */
const storableText = (value: string) => value.replaceAll('\u0000', '');

function sha256OfFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** A name as a url: lowercase words of letters and digits joined by dashes (`Spring Sale!` → `spring-sale`). */
export function templateSlug(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

/**
 * Imports an uploaded template package (importTemplatePackage): the zip is read and checked whole before
 * anything is written (read-package.ts), then the template is stored with the package's sha-256 in one
 * statement, replacing a template of the same url. MJML code gets a `v5_` url: a native editor template.
 */
export async function importTemplatePackage(
  db: Kysely<Database>,
  actor: Actor,
  params: { uploadId: string; name?: string | undefined },
): Promise<TemplateRecord> {
  const upload = await findAnyUpload(db, actor.organizationId, params.uploadId);
  if (upload.fileType !== 'zip') throw new HeraldError('TemplatePackageNotZipError');
  const templatePackage = await readTemplatePackage(upload.path);
  const name = params.name ?? templatePackage.manifest.name ?? upload.fileName.replace(/\.zip$/i, '').trim();
  const slug = templateSlug(name);
  if (!slug) throw validation('name', 'A template needs a name of letters or digits');
  const url = templatePackage.codeType === 'mjml' ? `${NATIVE_TEMPLATE_MARKER}${slug}` : slug;
  const hash = await sha256OfFile(upload.path);
  const row = await sql<Parameters<typeof templateRecord>[0]>`
    INSERT INTO template AS template (organization_id, name, url, version, hash, description, code_type,
      production_code, sample, profiles, data_description, is_starter, created_by)
    VALUES (${actor.organizationId}, ${name.slice(0, 200)}, ${url}, ${templatePackage.manifest.version}, ${hash},
      ${templatePackage.manifest.description ?? ''}, ${templatePackage.codeType}, ${storableText(templatePackage.productionCode)},
      ${storableJson(templatePackage.sample)}::jsonb, ${storableJson(templatePackage.profiles)}::jsonb,
      ${storableText(templatePackage.dataDescription)}, false, ${actor.userId})
    ON CONFLICT (organization_id, url) DO UPDATE SET name = excluded.name, version = excluded.version,
      hash = excluded.hash, description = excluded.description, code_type = excluded.code_type,
      production_code = excluded.production_code, sample = excluded.sample, profiles = excluded.profiles,
      data_description = excluded.data_description, is_starter = false, created_by = excluded.created_by,
      created_at = now()
    RETURNING ${TEMPLATE_SELECT}`.execute(db);
  return templateRecord(returnedRow(row));
}
