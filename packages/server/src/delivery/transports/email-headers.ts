/** Where a recipient unsubscribes: the one-click https URL (RFC 8058) and a mailto the relay's host receives. */
export interface UnsubscribeAddresses {
  url: string;
  mailto: string;
}

/**
 * The headers every Herald e-mail carries (PROTOCOL §9): List-Unsubscribe with the https URL and the mailto
 * (RFC 2369), List-Unsubscribe-Post for one-click unsubscribing (RFC 8058; Gmail and Yahoo require both of bulk
 * senders), and X-Herald-Delivery naming the delivery, so a bounce or a complaint finds its way back.
 */
export function deliveryHeaders(
  deliveryId: string,
  unsubscribe: UnsubscribeAddresses,
): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribe.url}>, <mailto:${unsubscribe.mailto}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'X-Herald-Delivery': deliveryId,
  };
}
