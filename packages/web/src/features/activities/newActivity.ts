import type { ActivityWrite, Channel } from '@herald/protocol';
import { instantFromWallInput } from './scheduleStep.ts';

/** The new-activity form as typed (`campaign/{campaignId}/new`, `activity/new`). */
export interface NewActivityForm {
  campaignId: number | null;
  channel: Channel | null;
  name: string;
  /** Wall-clock 'YYYY-MM-DDTHH:mm' in the organization's time zone, or ''. */
  date: string;
  /** An e-mail's starting template url, or ''. */
  templateUrl: string;
}

export type NewActivityError = 'campaignRequired' | 'channelRequired' | 'nameRequired';

export function validateNewActivity(
  form: NewActivityForm,
): Partial<Record<keyof NewActivityForm, NewActivityError>> {
  const errors: Partial<Record<keyof NewActivityForm, NewActivityError>> = {};
  if (form.campaignId === null) errors.campaignId = 'campaignRequired';
  if (form.channel === null) errors.channel = 'channelRequired';
  if (form.name.trim() === '') errors.name = 'nameRequired';
  return errors;
}

/**
 * The writeRecords create: campaign, channel and name, and the date (the instant it names on the wall clock of
 * the organization's `timeZone`, as the schedule step reads it) and template when given.
 */
export function newActivityWrite(
  form: NewActivityForm & { campaignId: number; channel: Channel },
  timeZone: string,
): ActivityWrite {
  return {
    campaignId: form.campaignId,
    type: form.channel,
    name: form.name.trim(),
    ...(form.date !== '' ? { date: instantFromWallInput(form.date, timeZone) } : {}),
    ...(form.channel === 'email' && form.templateUrl !== '' ? { templateUrl: form.templateUrl } : {}),
  };
}
