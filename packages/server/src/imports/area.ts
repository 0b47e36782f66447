import { defineArea } from '../area.ts';
import { importOrganizationCommands } from './commands.ts';
import { customFieldImportJob } from './custom-field-import.ts';
import { importJob } from './import-job.ts';
import { partitionImportJob } from './partition-import.ts';

/** Imports of subscribers, custom-field definitions and partitions. */
export const importsArea = defineArea({
  name: 'imports',
  organizationCommands: importOrganizationCommands,
  jobs: { import: importJob, customFieldImport: customFieldImportJob, partitionImport: partitionImportJob },
});
