import { defineArea } from '../area.ts';
import { subscriberOrganizationCommands } from './commands.ts';
import { listMembershipResource } from './list-membership-resource.ts';
import { subscriberEventResource } from './subscriber-event-resource.ts';
import { subscriberResource } from './subscriber-resource.ts';

/** Subscribers, their list memberships and interaction history. */
export const subscribersArea = defineArea({
  name: 'subscribers',
  organizationCommands: subscriberOrganizationCommands,
  resources: [subscriberResource, listMembershipResource, subscriberEventResource],
});
