import type { Recipient, RecipientProfile } from './recipient-scope.ts';

/** A recipient for the content tests and the render benchmark: real-looking, every link distinct. */
export function recipientOf(subscriber: RecipientProfile, organizationName = 'Harbour Coffee'): Recipient {
  const id = subscriber.id ?? 1;
  return {
    subscriber,
    unsubscribeUrl: `https://mail.harbour.test/u/${id}?sig=a1b2&list=7`,
    viewOnlineUrl: `https://mail.harbour.test/v/${id}?sig=c3d4`,
    organization: { name: organizationName },
  };
}
