import { z } from 'zod';
import { emailDesignSchema } from '../content/email-design.ts';
import { RESOURCE_ACCESS } from '../resources/access.ts';
import { defineResource, filterOn } from '../resources/define.ts';

/** The marker in a template's url that makes it a native editor template (functional §3, platform §2 guard 7). */
export const NATIVE_TEMPLATE_MARKER = 'v5_';

/** Whether a template url names a native editor (MJML) template. */
export function isNativeTemplateUrl(url: string | null | undefined): boolean {
  return typeof url === 'string' && url.includes(NATIVE_TEMPLATE_MARKER);
}

/** The languages a template's production code is written in: MJML (native) or plain HTML. */
export const TEMPLATE_CODE_TYPES = ['mjml', 'html'] as const;
export type TemplateCodeType = (typeof TEMPLATE_CODE_TYPES)[number];

/** A template as the `template` query answers it: what the template list shows (functional §3 Template). */
export const templateRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Unique in the organization; contains `v5_` for a native editor template. */
  url: z.string(),
  isNative: z.boolean(),
  /** package.json's version. */
  version: z.string(),
  /** The sha-256 (hex) of the package as uploaded; a starter template's is of its production code. */
  hash: z.string(),
  description: z.string(),
  /** Shipped with Herald (newsletter, promotion, welcome) rather than imported from a package. */
  isStarter: z.boolean(),
  createdAt: z.string(),
});
export type TemplateRecord = z.infer<typeof templateRecordSchema>;

export const templateResource = defineResource({
  type: 'template',
  description:
    'Templates (functional §3, §7): the organization’s e-mail templates, imported as packages ' +
    '(importTemplatePackage) or shipped as starters. Sorted by name (ascending) by default; the list reads at ' +
    'most 100 (functional §9). `isNative`: the url contains `v5_`, a native (MJML) editor template. The ' +
    'production code itself is read with `templateContent`.',
  record: templateRecordSchema,
  write: undefined,
  filters: { id: filterOn.key, url: filterOn.code, name: filterOn.name },
  sortKeys: ['name', 'createdAt'],
  defaultSortKey: 'name',
  defaultSortOrder: 'asc',
  searchable: true,
  ...RESOURCE_ACCESS.template,
  live: true,
});

/** One test profile of a template package's test/profiles.json: a named set of subscriber fields. */
export const templateProfileSchema = z.record(z.string(), z.unknown());

/** A template's content as `templateContent` answers it: the package's files (functional §3 Template package). */
export const templateContentRecordSchema = z.object({
  id: z.number().int(),
  templateUrl: z.string(),
  name: z.string(),
  version: z.string(),
  hash: z.string(),
  codeType: z.enum(TEMPLATE_CODE_TYPES),
  /** The production code: MJML for a native template, HTML otherwise; Liquid over the recipient. */
  productionCode: z.string(),
  /** test/sample.json: the data a preview of the template uses. */
  sample: z.unknown(),
  /** test/profiles.json: the package's test profiles. */
  profiles: z.unknown(),
  /** datadescription.xml, as written. */
  dataDescription: z.string(),
  /**
   * The native editor's design the production code was written from, when Herald knows it (a starter built in
   * the block editor's terms): an activity made from the template opens on its blocks rather than its code.
   */
  design: emailDesignSchema.optional(),
});
export type TemplateContentRecord = z.infer<typeof templateContentRecordSchema>;

export const templateContentResource = defineResource({
  type: 'templateContent',
  description:
    'A template’s content (functional §7): query it with `{templateUrl}` and limit 1. Holds the production code ' +
    '(MJML or HTML), test/sample.json, test/profiles.json and datadescription.xml of its package. The editor ' +
    'starts an activity’s content from it with activityContentFromTemplate (the contract’s content helpers).',
  record: templateContentRecordSchema,
  write: undefined,
  filters: { id: filterOn.key, templateUrl: filterOn.code },
  sortKeys: [],
  searchable: false,
  ...RESOURCE_ACCESS.templateContent,
  live: true,
});
