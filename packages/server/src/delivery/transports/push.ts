import { SendError, type Messenger, type PushMessage } from '../messenger.ts';
import { sendFcm, type FcmProject } from './fcm.ts';
import { sendWebPush, type VapidIdentity } from './web-push.ts';

/**
 * Push notifications: to an FCM registration token through the organization's FCM project, or to a browser's
 * Web Push subscription with the organization's VAPID keys. Web Push needs no credential, so an organization
 * without an FCM one still reaches browsers; a message to an FCM token then fails for good, saying why.
 */
export function pushMessenger(providers: {
  /** The FCM project, or why the credential cannot send (a stored key that no longer reads). */
  fcm?: FcmProject | SendError;
  webPush: VapidIdentity;
}): Messenger<PushMessage> {
  return {
    channel: 'pushnotification',
    async send(message, signal) {
      const { to } = message;
      if (to.kind === 'webpush') return sendWebPush(providers.webPush, { ...message, to }, signal);
      if (!providers.fcm)
        throw new SendError('No push credential (FCM) is set for the push notification channel', {
          permanent: true,
          code: 'credential',
        });
      if (providers.fcm instanceof SendError) throw providers.fcm;
      return sendFcm(providers.fcm, { ...message, to }, signal);
    },
    close: () => Promise.resolve(),
  };
}
