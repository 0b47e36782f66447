import { resourceDefinitions } from '@herald/protocol';
import { implementResource } from '../query/resources.ts';
import {
  TEMPLATE_CONTENT_SELECT,
  TEMPLATE_SELECT,
  templateContentRecord,
  templateRecord,
} from './template-record.ts';

/**
 * Templates (functional §3, §7): read by head office (base). Not partitioned: a partition-restricted user sees
 * none. Written by importTemplatePackage, which announces its changes.
 */
export const templateResource = implementResource({
  definition: resourceDefinitions.template,
  table: 'template',
  select: TEMPLATE_SELECT,
  toRecord: templateRecord,
  filters: {
    id: { column: 'template.id' },
    url: { column: 'template.url' },
    name: { column: 'template.name' },
  },
  sortable: { name: 'name', createdAt: 'created_at' },
  search: ['template.name', 'template.description'],
});

/** A template's package files, by templateUrl (functional §7: limit 1). */
export const templateContentResource = implementResource({
  definition: resourceDefinitions.templateContent,
  table: 'template',
  select: TEMPLATE_CONTENT_SELECT,
  toRecord: templateContentRecord,
  filters: {
    id: { column: 'template.id' },
    templateUrl: { column: 'template.url' },
  },
  sortable: {},
  search: [],
});
