import { defineArea } from '../area.ts';
import { customFieldOrganizationCommands } from './commands.ts';
import { customFieldResource } from './custom-field-resource.ts';

/** Custom fields and their statistics. */
export const customFieldsArea = defineArea({
  name: 'custom-fields',
  organizationCommands: customFieldOrganizationCommands,
  resources: [customFieldResource],
});
