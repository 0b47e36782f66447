import { defineArea } from '../area.ts';
import { audienceOrganizationCommands } from './commands.ts';
import { audienceResource } from './audience-resource.ts';
import { audienceGenerationJob } from './generate-audience.ts';

/** Audiences and their generations. */
export const audiencesArea = defineArea({
  name: 'audiences',
  organizationCommands: audienceOrganizationCommands,
  resources: [audienceResource],
  jobs: { audience: audienceGenerationJob },
});
