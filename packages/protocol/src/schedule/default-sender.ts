import { z } from 'zod';

/**
 * The organization's default sender (settings `defaultSender`, docs/guide-administration.md § Default sender):
 * the name and address its mail comes from when an activity's theme names none. The address's domain must be one
 * of the organization's verified sending domains or the shared product domain; the server checks that when
 * settings are saved.
 */
export const defaultSenderSchema = z.strictObject({
  fromName: z.string().trim().max(200),
  fromAddress: z.email('An e-mail address').max(254),
});
export type DefaultSender = z.infer<typeof defaultSenderSchema>;

/** The stored default sender, or null when none is set or it cannot be read. */
export function defaultSenderOf(settings: Record<string, unknown> | undefined): DefaultSender | null {
  const parsed = defaultSenderSchema.safeParse(settings?.defaultSender);
  return parsed.success ? parsed.data : null;
}

/** The domain of an address, lower-cased (`Ann@Example.COM` → `example.com`). */
export function addressDomain(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/** An organization's currency: an ISO 4217 code such as AUD or JPY. */
export const currencySchema = z.string().regex(/^[A-Z]{3}$/, 'A currency code such as AUD (ISO 4217)');
