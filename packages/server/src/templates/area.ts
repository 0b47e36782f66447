import { defineArea } from '../area.ts';
import { templateOrganizationCommands } from './commands.ts';
import { templateContentResource, templateResource } from './template-resources.ts';

/** Templates: imported packages and Herald's starters (starter-templates.ts), and their content. */
export const templatesArea = defineArea({
  name: 'templates',
  organizationCommands: templateOrganizationCommands,
  resources: [templateResource, templateContentResource],
});
