import { defineArea } from '../area.ts';
import { tagOrganizationCommands } from './commands.ts';
import { tagResource } from './tag-resource.ts';

/** Tags and tagging subscribers. */
export const tagsArea = defineArea({
  name: 'tags',
  organizationCommands: tagOrganizationCommands,
  resources: [tagResource],
});
