import { z } from 'zod';
import { ACTIVITY_THEME_CONTENT_MAX_CHARACTERS } from '../records/activity-theme.ts';
import { defineCommand } from './define.ts';
import { organizationIdField } from './fields.ts';

/**
 * Template packages (functional §3): what a package zip may hold at most, so a zip bomb or a runaway archive is
 * refused before it is unpacked. A package is a few text files; these are generous.
 */
export const TEMPLATE_PACKAGE_LIMITS = {
  /** The zip as uploaded. */
  maxPackageBytes: 10 * 1024 * 1024,
  /** Entries (files and folders) in the zip. */
  maxEntries: 200,
  /** All the entries the import reads, once inflated. */
  maxInflatedBytes: 20 * 1024 * 1024,
  /** One inflated entry compared with its compressed size: more is a zip bomb. */
  maxCompressionRatio: 200,
} as const;

/** The files a template package must hold (functional §3 Template package), beside its production code. */
export const TEMPLATE_PACKAGE_FILES = [
  'package.json',
  'datadescription.xml',
  'test/sample.json',
  'test/profiles.json',
] as const;

/** The production code's file: MJML (a native editor template) or HTML. */
export const TEMPLATE_PRODUCTION_FILES = ['index.mjml', 'index.html'] as const;

const themeName = z.string().trim().min(1).max(200);

/** Organization-channel commands of templates and activity themes (functional §7). */
export const templateCommands = {
  importTemplatePackage: defineCommand({
    channel: 'organization',
    description:
      'Imports a template package uploaded through POST /uiv5-upload/ (field `purpose` = `templatePackage`): a ' +
      'zip holding package.json (with a `version`), datadescription.xml, test/sample.json, test/profiles.json and ' +
      'the production code, index.mjml or index.html (at the zip’s root or in one top folder). It is read whole ' +
      'before anything is stored: a zip that is not one answers TemplatePackageNotZipError, a missing file ' +
      'TemplatePackageMissingFileError, JSON that does not parse TemplatePackageInvalidJsonError, a package.json ' +
      'without version TemplatePackageNoVersionError, and more entries or inflated bytes than ' +
      'TEMPLATE_PACKAGE_LIMITS TemplatePackageTooLargeError; nothing is stored then. The template’s name is ' +
      '`name`, else package.json’s name, else the file’s; its url is `v5_<name>` for MJML code (a native editor ' +
      'template) and `<name>` for HTML, in lowercase words joined by dashes. Importing a name again replaces ' +
      'that template (its version, hash and files). Answers its id and url; the change is pushed to `template` and `templateContent` subscribers. Needs ' +
      'content-edit.',
    params: z.object({
      organizationId: organizationIdField,
      uploadId: z.string().min(1).max(64),
      name: z.string().trim().min(1).max(200).optional(),
    }),
    result: z.object({ templateId: z.number().int(), url: z.string() }),
  }),
  saveActivityTheme: defineCommand({
    channel: 'organization',
    description:
      'Saves an activity theme (functional §7): a new one without `id`, else the one named. `content` is JSON ' +
      'text of an object; its `style` (an object when given) is merged over ACTIVITY_THEME_STYLE_DEFAULTS and ' +
      'the result stored. Content that is not JSON of an object answers ValidationError at `content`. An unknown ' +
      'or deleted id answers NotFoundError. Needs content-edit.',
    params: z.object({
      organizationId: organizationIdField,
      id: z.number().int().positive().optional(),
      name: themeName,
      description: z.string().trim().max(2000).default(''),
      content: z.string().max(ACTIVITY_THEME_CONTENT_MAX_CHARACTERS),
    }),
    result: z.object({ id: z.number().int() }),
  }),
  deleteActivityTheme: defineCommand({
    channel: 'organization',
    description:
      'Soft-deletes an activity theme (functional §7: id and isDeleted): it leaves the list, and its row is kept ' +
      'for the activities that used it. An unknown or already deleted id answers NotFoundError. Needs content-edit.',
    params: z.object({
      organizationId: organizationIdField,
      id: z.number().int().positive(),
      isDeleted: z.literal(true),
    }),
    result: z.object({ id: z.number().int() }),
  }),
  copyActivityTheme: defineCommand({
    channel: 'organization',
    description:
      'Copies an activity theme (functional §7: id and isCopied): a new theme named "<name> (copy)" with the ' +
      'same description and content; answers the new id. Needs content-edit.',
    params: z.object({
      organizationId: organizationIdField,
      id: z.number().int().positive(),
      isCopied: z.literal(true),
    }),
    result: z.object({ id: z.number().int() }),
  }),
} satisfies Record<string, ReturnType<typeof defineCommand>>;
