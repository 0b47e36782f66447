import { defineArea } from '../area.ts';
import { jobOrganizationCommands } from './commands.ts';
import { jobResource } from './job-resource.ts';

/** Long work as queryable jobs: retry and cancel. */
export const jobsArea = defineArea({
  name: 'jobs',
  organizationCommands: jobOrganizationCommands,
  resources: [jobResource],
});
