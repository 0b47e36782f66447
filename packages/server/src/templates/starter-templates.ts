import { createHash } from 'node:crypto';
import { NATIVE_TEMPLATE_MARKER } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import { readStartMarkers, writeStartMarker, type StartMarkers } from '../database/herald-state.ts';
import type { Database } from '../database/schema.ts';
import { WELCOME_MJML } from './starter-designs.ts';
import { NEWSLETTER_MJML, PROMOTION_MJML } from './starter-mjml.ts';

/** One of Herald's starter templates, as a package would hold it. */
export interface StarterTemplate {
  url: string;
  name: string;
  description: string;
  productionCode: string;
}

/** The data a preview of a starter uses (test/sample.json), and its test profiles (test/profiles.json). */
const SAMPLE = { subscriber: { firstname: 'Alex', lastname: 'Sample', email: 'alex@example.com' } };
const PROFILES = [
  { name: 'Alex Sample', subscriber: { firstname: 'Alex', email: 'alex@example.com' } },
  { name: 'No first name', subscriber: { email: 'someone@example.com' } },
];
const DATA_DESCRIPTION =
  '<?xml version="1.0" encoding="UTF-8"?>\n<data>\n  <field name="subscriber.firstname" type="text" />\n' +
  '  <field name="unsubscribe_url" type="url" />\n  <field name="view_online_url" type="url" />\n</data>\n';

export const STARTER_TEMPLATES: readonly StarterTemplate[] = [
  {
    url: `${NATIVE_TEMPLATE_MARKER}starter-newsletter`,
    name: 'Newsletter',
    description: 'A monthly newsletter: a header band, a greeting, a feature story and two short columns.',
    productionCode: NEWSLETTER_MJML,
  },
  {
    url: `${NATIVE_TEMPLATE_MARKER}starter-promotion`,
    name: 'Promotion',
    description: 'A sale or offer: a big headline, a call to action, two products and a coupon code.',
    productionCode: PROMOTION_MJML,
  },
  {
    url: `${NATIVE_TEMPLATE_MARKER}starter-welcome`,
    name: 'Welcome',
    description: 'The first e-mail a new subscriber gets: a warm hello, first steps and a welcome gift.',
    productionCode: WELCOME_MJML,
  },
];

const STARTER_VERSION = '1.0.0';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A digest of the starter set as this code installs it: a change to any starter or its data names a new set. */
export function starterTemplatesDigest(): string {
  return sha256(
    JSON.stringify([STARTER_VERSION, STARTER_TEMPLATES, SAMPLE, PROFILES, DATA_DESCRIPTION]),
  ).slice(0, 16);
}

/**
 * Refreshes `starter_template` from the code (the trigger of migration 0022 copies it into each new
 * organization), then gives every organization the starters it lacks, so organizations that predate a starter
 * get it too. An organization's copy is never overwritten: it may have been changed there. Records the set's
 * digest (the `starter-templates` start marker) in the same transaction.
 */
export async function installStarterTemplates(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const starter of STARTER_TEMPLATES)
      await sql`INSERT INTO starter_template (url, name, version, hash, description, production_code, sample,
          profiles, data_description)
        VALUES (${starter.url}, ${starter.name}, ${STARTER_VERSION}, ${sha256(starter.productionCode)},
          ${starter.description}, ${starter.productionCode}, ${JSON.stringify(SAMPLE)}::jsonb,
          ${JSON.stringify(PROFILES)}::jsonb, ${DATA_DESCRIPTION})
        ON CONFLICT (url) DO UPDATE SET name = excluded.name, version = excluded.version, hash = excluded.hash,
          description = excluded.description, production_code = excluded.production_code,
          sample = excluded.sample, profiles = excluded.profiles, data_description = excluded.data_description`.execute(
        trx,
      );
    await sql`INSERT INTO template (organization_id, name, url, version, hash, description, code_type,
        production_code, sample, profiles, data_description, is_starter)
      SELECT organization.id, s.name, s.url, s.version, s.hash, s.description, 'mjml', s.production_code, s.sample,
        s.profiles, s.data_description, true
      FROM organization CROSS JOIN starter_template s
      ON CONFLICT (organization_id, url) DO NOTHING`.execute(trx);
    await writeStartMarker(trx, 'starter-templates', starterTemplatesDigest());
  });
}

/**
 * Installs the starters as the server starts, before the demo seed, when the set differs from the one last
 * installed; otherwise there is nothing to do (a new organization gets them from the trigger). Answers whether
 * it installed them.
 */
export async function installStarterTemplatesIfChanged(
  db: Kysely<Database>,
  markers?: StartMarkers,
): Promise<boolean> {
  const recorded = (markers ?? (await readStartMarkers(db))).get('starter-templates');
  if (recorded === starterTemplatesDigest()) return false;
  await installStarterTemplates(db);
  return true;
}
