import { MAX_SEND_RATE_PER_MINUTE, parseTarget, printTarget } from '@herald/protocol';
import type {
  ActivityDistribution,
  ActivityFrequency,
  ActivityRecord,
  ActivityWrite,
  DistributionType,
  ScheduledInterval,
  SendFrequency,
  TargetNode,
  TriggerEvent,
} from '@herald/protocol';
import { instantFromWallInput, wallInputFromInstant } from './scheduleStep.ts';

/** The units a trigger's delay is typed in; stored as minutes (`distribution.delayMinutes`). */
export const DELAY_UNITS = ['minutes', 'hours', 'days'] as const;
export type DelayUnit = (typeof DELAY_UNITS)[number];
const MINUTES_PER: Record<DelayUnit, number> = { minutes: 1, hours: 60, days: 1440 };
/** The contract's longest delay: a year. */
export const MAX_DELAY_MINUTES = 525_600;
export const MAX_FREQUENCY_DAYS = 3650;
export const MAX_SEND_LIMIT = 2_000_000_000;

/**
 * The settings form of an activity (functional §3), as typed. Every choice of each distribution is kept while
 * the type changes, so switching to "scheduled" and back loses nothing; only the chosen type's are sent.
 * Numbers are '' while empty.
 */
export interface ActivitySettingsForm {
  name: string;
  /** Wall-clock 'YYYY-MM-DDTHH:mm' in the organization's time zone (scheduleStep.ts), or '' for none. */
  date: string;
  distributionType: DistributionType;
  interval: ScheduledInterval;
  event: TriggerEvent;
  delayAmount: number | '';
  delayUnit: DelayUnit;
  frequencyType: SendFrequency;
  frequencyDays: number | '';
  sendLimit: number | '';
  throttle: number | '';
  target: TargetNode | null;
  partitionIds: number[];
  notes: string;
}

/** A delay in minutes as the largest unit that holds it whole: 2880 → 2 days, 90 → 90 minutes. */
export function delayOf(minutes: number | undefined): { amount: number | ''; unit: DelayUnit } {
  if (minutes === undefined) return { amount: '', unit: 'hours' };
  if (minutes > 0 && minutes % MINUTES_PER.days === 0) return { amount: minutes / 1440, unit: 'days' };
  if (minutes > 0 && minutes % MINUTES_PER.hours === 0) return { amount: minutes / 60, unit: 'hours' };
  return { amount: minutes, unit: 'minutes' };
}

/** The stored target's text as a tree for the builder; null for none (or text the parser no longer reads). */
export function targetTreeOf(target: string | null): TargetNode | null {
  if (target === null || target.trim() === '') return null;
  const parsed = parseTarget(target);
  return parsed.ok ? parsed.tree : null;
}

/** The form of a stored activity, its date on the wall clock of the organization's `timeZone`. */
export function settingsFormOf(activity: ActivityRecord, timeZone: string): ActivitySettingsForm {
  const { distribution, frequency } = activity;
  const delay = delayOf(distribution.delayMinutes);
  return {
    name: activity.name,
    date: activity.date ? wallInputFromInstant(activity.date, timeZone) : '',
    distributionType: distribution.type,
    interval: distribution.interval ?? 'daily',
    event: distribution.event ?? 'listsubscribed',
    delayAmount: delay.amount,
    delayUnit: delay.unit,
    frequencyType: frequency.type,
    frequencyDays: frequency.days ?? '',
    sendLimit: activity.sendLimit ?? '',
    throttle: activity.throttle ?? '',
    target: targetTreeOf(activity.target),
    partitionIds: [...activity.partitionIds],
    notes: activity.notes,
  };
}

export type SettingsError =
  'nameRequired' | 'intervalRequired' | 'delayRange' | 'daysRange' | 'sendLimitRange' | 'throttleRange';

const wholeIn = (value: number | '', min: number, max: number) =>
  value === '' || (Number.isInteger(value) && value >= min && value <= max);

/**
 * What is wrong with the form, field by field; empty when it can be saved. The throttle may not pass the
 * organization's ceiling for the activity's channel (`maxThrottle`, at most the product's 60,000 a minute).
 */
export function validateSettings(
  form: ActivitySettingsForm,
  maxThrottle: number = MAX_SEND_RATE_PER_MINUTE,
): Partial<Record<keyof ActivitySettingsForm, SettingsError>> {
  const errors: Partial<Record<keyof ActivitySettingsForm, SettingsError>> = {};
  if (form.name.trim() === '') errors.name = 'nameRequired';
  if (form.distributionType === 'event') {
    const minutes = form.delayAmount === '' ? 0 : form.delayAmount * MINUTES_PER[form.delayUnit];
    if (!wholeIn(form.delayAmount, 0, Number.MAX_SAFE_INTEGER) || minutes > MAX_DELAY_MINUTES)
      errors.delayAmount = 'delayRange';
  }
  if (
    form.frequencyType === 'every' &&
    (form.frequencyDays === '' || !wholeIn(form.frequencyDays, 1, MAX_FREQUENCY_DAYS))
  )
    errors.frequencyDays = 'daysRange';
  if (!wholeIn(form.sendLimit, 1, MAX_SEND_LIMIT)) errors.sendLimit = 'sendLimitRange';
  if (!wholeIn(form.throttle, 1, Math.min(maxThrottle, MAX_SEND_RATE_PER_MINUTE)))
    errors.throttle = 'throttleRange';
  return errors;
}

/** The distribution the form describes: only the chosen type's own fields (the contract refuses others). */
export function distributionOf(form: ActivitySettingsForm): ActivityDistribution {
  switch (form.distributionType) {
    case 'scheduled':
      return { type: 'scheduled', interval: form.interval };
    case 'event':
      return {
        type: 'event',
        event: form.event,
        ...(form.delayAmount === '' ? {} : { delayMinutes: form.delayAmount * MINUTES_PER[form.delayUnit] }),
      };
    default:
      return { type: form.distributionType };
  }
}

export function frequencyOf(form: ActivitySettingsForm): ActivityFrequency {
  return form.frequencyType === 'every'
    ? { type: 'every', days: form.frequencyDays === '' ? 1 : form.frequencyDays }
    : { type: form.frequencyType };
}

/**
 * The writeRecords record for the form: the id and the version read (a change saved meanwhile is refused,
 * StaleRecordError), and every setting. The target is sent only when it changed, as its canonical text, so a
 * target the builder cannot show is never cleared by saving other settings; partitions likewise. The date is
 * sent only when its wall-clock time in the organization's `timeZone` changed, as the instant it names: a
 * stored time the form rounds (seconds, an autumn hour shown twice) would otherwise reset approval for nothing.
 */
export function settingsWrite(
  form: ActivitySettingsForm,
  activity: ActivityRecord,
  timeZone: string,
): ActivityWrite {
  const target = form.target === null ? null : printTarget(form.target);
  const dateChanged = form.date !== (activity.date ? wallInputFromInstant(activity.date, timeZone) : '');
  const partitionsChanged =
    form.partitionIds.length !== activity.partitionIds.length ||
    form.partitionIds.some((id) => !activity.partitionIds.includes(id));
  return {
    id: activity.id,
    version: activity.version,
    name: form.name.trim(),
    distribution: distributionOf(form),
    frequency: frequencyOf(form),
    sendLimit: form.sendLimit === '' ? null : form.sendLimit,
    throttle: form.throttle === '' ? null : form.throttle,
    notes: form.notes,
    ...(dateChanged ? { date: form.date === '' ? null : instantFromWallInput(form.date, timeZone) } : {}),
    ...(targetChanged(target, activity.target, form.target) ? { target } : {}),
    ...(partitionsChanged ? { partitionIds: form.partitionIds } : {}),
  };
}

function targetChanged(text: string | null, stored: string | null, tree: TargetNode | null): boolean {
  if (text === stored) return false;
  // A stored target the builder could not read shows as empty; leaving it empty changes nothing.
  return !(tree === null && stored !== null && targetTreeOf(stored) === null);
}

/**
 * Whether a save reset the activity's approval (functional §4: a changed target or date does): the record
 * says so by a newer approvalResetAt than before.
 */
export function approvalWasReset(
  before: Pick<ActivityRecord, 'approvalResetAt'>,
  after: Pick<ActivityRecord, 'approvalResetAt'>,
): boolean {
  return after.approvalResetAt !== null && after.approvalResetAt !== before.approvalResetAt;
}
