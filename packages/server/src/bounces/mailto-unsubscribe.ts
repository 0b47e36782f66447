import { unsubscribe } from '../tracking/subscriptions.ts';
import { deliveryOfPayload } from '../tracking/tracked-delivery.ts';
import { MAILTO_UNSUBSCRIBE_PREFIX } from '../tracking/tracking-token.ts';
import type { Services } from '../services.ts';
import type { ReturnPathOwner } from './return-path.ts';

function localPartOf(address: string): string {
  return address.slice(0, address.lastIndexOf('@'));
}

/** Whether a recipient is the List-Unsubscribe mailto's mailbox (whatever its token, forged or not). */
export function isUnsubscribeMailbox(address: string): boolean {
  return localPartOf(address).toLowerCase().startsWith(MAILTO_UNSUBSCRIBE_PREFIX);
}

/**
 * A mail to the List-Unsubscribe mailto `unsubscribe+{token}@{return path host}` (RFC 2369; RFC 8058 §3.2
 * reads it as the same request as the one-click POST): the token is verified and the delivery's unsubscribe
 * done exactly as `POST /t/u/{token}` does it (tracking/subscriptions.ts `unsubscribe`). The message itself is
 * not read: its arrival is the request. A token that is forged, altered, of a delivery gone, or that came to
 * another organization's return path changes nothing and is logged at info only; the SMTP answer is the same
 * 250 either way, so the listener is no oracle for guessing tokens.
 */
export async function unsubscribeByMail(
  services: Services,
  address: string,
  owner: ReturnPathOwner,
): Promise<void> {
  const payload = services.trackingTokens.readUnsubscribeMailbox(localPartOf(address));
  const delivery = payload ? await deliveryOfPayload(services.db, payload) : undefined;
  if (!delivery || (owner !== 'product' && owner.organizationId !== delivery.organizationId)) {
    services.log.info(
      { recipient: address },
      'bounce listener: an unsubscribe mail without a valid token dropped',
    );
    return;
  }
  await unsubscribe(services, delivery, 'mailto');
}
