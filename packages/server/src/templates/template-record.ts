import {
  isNativeTemplateUrl,
  type EmailDesign,
  type TemplateContentRecord,
  type TemplateRecord,
} from '@herald/protocol';
import { sql } from 'kysely';
import { starterDesignOf } from './starter-designs.ts';

export interface TemplateRow {
  id: number;
  name: string;
  url: string;
  version: string;
  hash: string;
  description: string;
  is_starter: boolean;
  created_at: Date;
}

export const TEMPLATE_SELECT = sql<TemplateRow>`template.id, template.name, template.url, template.version,
  template.hash, template.description, template.is_starter, template.created_at`;

export function templateRecord(row: TemplateRow): TemplateRecord {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    isNative: isNativeTemplateUrl(row.url),
    version: row.version,
    hash: row.hash,
    description: row.description,
    isStarter: row.is_starter,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export interface TemplateContentRow {
  id: number;
  name: string;
  url: string;
  version: string;
  hash: string;
  code_type: string;
  production_code: string;
  sample: unknown;
  profiles: unknown;
  data_description: string;
}

export const TEMPLATE_CONTENT_SELECT = sql<TemplateContentRow>`template.id, template.name, template.url,
  template.version, template.hash, template.code_type, template.production_code, template.sample,
  template.profiles, template.data_description`;

export function templateContentRecord(row: TemplateContentRow): TemplateContentRecord {
  return {
    id: row.id,
    templateUrl: row.url,
    name: row.name,
    version: row.version,
    hash: row.hash,
    codeType: row.code_type === 'html' ? 'html' : 'mjml',
    productionCode: row.production_code,
    sample: row.sample,
    profiles: row.profiles,
    dataDescription: row.data_description,
    ...withDesign(row),
  };
}

/** The design of a starter written in the native editor's terms, so its activities open on their blocks. */
function withDesign(row: TemplateContentRow): { design?: EmailDesign } {
  if (row.code_type !== 'mjml') return {};
  const design = starterDesignOf({ hash: row.hash, productionCode: row.production_code });
  return design ? { design } : {};
}
