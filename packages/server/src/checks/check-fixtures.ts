import type { Channel, EmailContent } from '@herald/protocol';
import { SAMPLE_RECIPIENT } from '../activities/preview-recipient.ts';
import type { Recipient } from '../content/recipient-scope.ts';
import { CHECK_LINKS, type CheckedContent } from './checked-content.ts';
import { checkedEmailContent, otherChannelVersion } from './checked-versions.ts';

/** The recipient the checks' unit tests render for: the sample recipient with the checks' own links. */
export const FIXTURE_RECIPIENT: Recipient = {
  ...CHECK_LINKS,
  subscriber: SAMPLE_RECIPIENT,
  organization: { name: 'Harbour Coffee' },
};

/** A clean body's end: an unsubscribe link, so a fixture fails only for what it is about. */
export const UNSUBSCRIBE_FOOTER = '<p><a href="{{ unsubscribe_url }}">Unsubscribe</a></p>';

/** An HTML e-mail for the checks, with a subject that passes and an unsubscribe link unless replaced. */
export function emailFixture(body: string, email: Partial<EmailContent> = {}): Promise<CheckedContent> {
  return checkedEmailContent(
    {
      subject: 'Autumn roasts are here',
      html: `<html><body>${body}${UNSUBSCRIBE_FOOTER}</body></html>`,
      ...email,
    },
    FIXTURE_RECIPIENT,
  );
}

/** Another channel's content for the checks. */
export async function channelFixture(
  channel: Exclude<Channel, 'email'>,
  channels: Record<string, unknown>,
): Promise<CheckedContent> {
  const content = {
    schemaVersion: 3 as const,
    channels: { ...channels, features: { lsmoptin: { defaultCommunicationPreference: 'optin' as const } } },
  };
  const version = await otherChannelVersion(channel, content, FIXTURE_RECIPIENT);
  return { channel, versions: [version], email: undefined, unsubscribeUrl: FIXTURE_RECIPIENT.unsubscribeUrl };
}
