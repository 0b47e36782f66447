import { HeraldError, activityIdOf } from '@herald/protocol';

/** The activity id a client sent, or the catalogue's "Activity ID is not valid". */
export function activityIdFrom(value: number | string): number {
  const id = activityIdOf(value);
  if (id === undefined) throw new HeraldError('ActivityIdNotValidError');
  return id;
}
