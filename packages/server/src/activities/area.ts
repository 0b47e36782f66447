import { defineArea } from '../area.ts';
import { activityResource } from './activity-resource.ts';
import { activityRevisionResource } from './activity-revision-resource.ts';
import { activityOrganizationCommands } from './commands.ts';

/** Activities on the seven channels, their content revisions and the preview of that content. */
export const activitiesArea = defineArea({
  name: 'activities',
  organizationCommands: activityOrganizationCommands,
  resources: [activityResource, activityRevisionResource],
});
