import type { ActivityWrite, Channel } from '@herald/protocol';
import { instantFromLocalInput } from '../../platform/dates/localDateTime.ts';

/** The new-activity form as typed (`campaign/{campaignId}/new`, `activity/new`). */
export interface NewActivityForm {
  campaignId: number | null;
  channel: Channel | null;
  name: string;
  /** Wall-clock 'YYYY-MM-DDTHH:mm' or ''. */
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

/** The writeRecords create: campaign, channel and name, and the date and template when given. */
export function newActivityWrite(
  form: NewActivityForm & { campaignId: number; channel: Channel },
): ActivityWrite {
  return {
    campaignId: form.campaignId,
    type: form.channel,
    name: form.name.trim(),
    ...(form.date !== '' ? { date: instantFromLocalInput(form.date) } : {}),
    ...(form.channel === 'email' && form.templateUrl !== '' ? { templateUrl: form.templateUrl } : {}),
  };
}
