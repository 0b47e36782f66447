import { HeraldError, type Channel, type ProviderChannel } from '@herald/protocol';
import type { Kysely } from 'kysely';
import { channelCredentialsOf } from '../../credentials/channel-credentials.ts';
import { openCredential, type OpenedCredential } from '../../credentials/credential-store.ts';
import type { Database } from '../../database/schema.ts';
import type {
  LineMessage,
  Messenger,
  PushMessage,
  SmsMessage,
  WebMessage,
  WhatsAppMessage,
} from '../messenger.ts';
import { lineMessenger } from './line.ts';
import { fcmProjectOf } from './fcm-project.ts';
import { pushMessenger } from './push.ts';
import { smsMessenger } from './sms.ts';
import { webPushKeysFor } from './vapid-keys.ts';
import { webMessenger } from './web.ts';
import { whatsAppMessenger } from './whatsapp.ts';

/** The channels this module builds Messengers for; e-mail's is the engine's own (nodemailer). */
export type TransportChannel = 'sms' | 'whatsapp' | 'line' | 'pushnotification' | 'web';

export interface TransportMessages {
  sms: SmsMessage;
  whatsapp: WhatsAppMessage;
  line: LineMessage;
  pushnotification: PushMessage;
  web: WebMessage;
}

export interface TransportOptions {
  /** The SMS status webhook's URL (the delivery id is added), when the engine takes receipts. */
  smsStatusCallbackUrl?: string;
  /** The VAPID contact: an https URL (Herald's public URL) or a mailto: address. */
  vapidSubject?: string;
}

const DEFAULT_VAPID_SUBJECT = 'mailto:postmaster@herald.invalid';

/**
 * The channel's Messenger for the organization, built from the credential its settings name for the channel
 * (`channelCredentials`, docs/architecture.md § Providers), reached at that credential's base URL. A channel
 * without a credential answers a ValidationError at `channelCredentials.{channel}`, which says what to set. The
 * push notification channel is the exception: Web Push needs only the organization's VAPID keys (made at the
 * first need), so it is built without a credential, and only its FCM sends then fail.
 */
export async function messengerFor<C extends TransportChannel>(
  db: Kysely<Database>,
  organizationId: number,
  channel: C,
  options: TransportOptions = {},
): Promise<Messenger<TransportMessages[C]>> {
  // The web channel has no provider: its messages wait in Herald's own table for the site's script.
  if (channel === 'web') return webMessenger(db) as Messenger<TransportMessages[C]>;
  const credential = await channelCredential(db, organizationId, channel);
  const fields = credential?.fields ?? {};
  const secrets = credential?.secrets ?? {};
  const required = (): OpenedCredential => {
    if (!credential) throw missingCredential(channel);
    return credential;
  };
  switch (channel) {
    case 'sms': {
      required();
      return smsMessenger({
        baseUrl: fields.baseUrl ?? '',
        sid: fields.sid ?? '',
        authToken: secrets.authToken ?? '',
        statusCallbackUrl: options.smsStatusCallbackUrl,
      }) as Messenger<TransportMessages[C]>;
    }
    case 'whatsapp':
      required();
      return whatsAppMessenger({
        baseUrl: fields.baseUrl ?? '',
        phoneNumberId: fields.accountName ?? '',
        accessToken: secrets.apiToken ?? '',
      }) as Messenger<TransportMessages[C]>;
    case 'line':
      required();
      return lineMessenger({
        baseUrl: fields.baseUrl ?? '',
        channelAccessToken: secrets.apiToken ?? '',
      }) as Messenger<TransportMessages[C]>;
    default: {
      const vapid = await webPushKeysFor(db, organizationId);
      return pushMessenger({
        fcm: credential ? fcmProjectOf(credential) : undefined,
        webPush: { ...vapid, subject: options.vapidSubject ?? DEFAULT_VAPID_SUBJECT },
      }) as Messenger<TransportMessages[C]>;
    }
  }
}

/** Whether this module builds the channel's Messenger. */
export function isTransportChannel(channel: Channel): channel is TransportChannel {
  return (
    channel === 'sms' ||
    channel === 'whatsapp' ||
    channel === 'line' ||
    channel === 'pushnotification' ||
    channel === 'web'
  );
}

async function channelCredential(
  db: Kysely<Database>,
  organizationId: number,
  channel: ProviderChannel,
): Promise<OpenedCredential | undefined> {
  const row = await db
    .selectFrom('organization')
    .select('settings')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  if (!row) throw new HeraldError('NotFoundError');
  const id = channelCredentialsOf(row.settings)[channel];
  if (typeof id !== 'number') return undefined;
  return openCredential(db, organizationId, id);
}

function missingCredential(channel: TransportChannel): HeraldError {
  return new HeraldError('ValidationError', {
    details: [
      {
        path: `channelCredentials.${channel}`,
        message: `No credential is set for the ${channel} channel's provider. Add one under Credentials and choose it for the channel.`,
      },
    ],
  });
}
