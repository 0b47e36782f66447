import { defineArea } from '../area.ts';
import { exportOrganizationCommands } from './commands.ts';
import { exportJob } from './export-job.ts';
import { registerExtractRoute } from './extract-route.ts';

/** Exports, their two-person approval, and extracts out: POST /uiv5-extract/. */
export const exportsArea = defineArea({
  name: 'exports',
  organizationCommands: exportOrganizationCommands,
  jobs: { export: exportJob },
  routes: registerExtractRoute,
});
