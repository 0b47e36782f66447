import { defineArea } from '../area.ts';
import { contentBlockOrganizationCommands } from './commands.ts';
import { contentBlockResource } from './content-block-resource.ts';

/**
 * Content blocks (docs/architecture.md § Assets and content blocks): reusable HTML or MJML with a published
 * status, tags, partitions and a target; and activities' partition content (asset opt-ins and lsm block lists per
 * partition).
 */
export const contentBlocksArea = defineArea({
  name: 'content-blocks',
  organizationCommands: contentBlockOrganizationCommands,
  resources: [contentBlockResource],
});
