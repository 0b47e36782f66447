import { defineArea } from '../area.ts';
import { listOrganizationCommands } from './commands.ts';
import { listResource } from './list-resource.ts';

/** Subscriber lists and their statistics. */
export const listsArea = defineArea({
  name: 'lists',
  organizationCommands: listOrganizationCommands,
  resources: [listResource],
});
