import type { ActivityRecord } from '@herald/protocol';
import { useParams } from 'react-router';
import type { ChannelError } from '../../platform/channel/channelError.ts';
import { useRecord } from '../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { activityPlace, readActivityId } from './activityPaths.ts';
import type { ActivityPlace } from './activityPaths.ts';

/** What the activity named by the route's `{id}` is, as a page of it shows it. */
export type ActivityFromPath =
  | { state: 'invalid' }
  | { state: 'loading' }
  | { state: 'notFound' }
  | { state: 'error'; error: ChannelError }
  | { state: 'found'; activity: ActivityRecord; place: ActivityPlace };

/**
 * The activity of an activity page (`activity/{page}/{id}` or its campaign alias), read live: an id that is no
 * number is "Activity ID is not valid", one the organization (or the user's partitions) does not have is
 * "Activity not found" (functional §8).
 */
export function useActivityFromPath(): ActivityFromPath {
  const organization = useCurrentOrganization();
  const params = useParams();
  const reading = readActivityId(params.id);
  const id = reading.kind === 'valid' ? reading.id : null;
  const loaded = useRecord('activity', id);
  if (reading.kind === 'invalid') return { state: 'invalid' };
  if (loaded.record)
    return {
      state: 'found',
      activity: loaded.record,
      place: activityPlace(organization?.organizationId ?? 0, params, loaded.record),
    };
  if (loaded.error) return { state: 'error', error: loaded.error };
  if (loaded.isPending || loaded.isFetching) return { state: 'loading' };
  return { state: 'notFound' };
}
