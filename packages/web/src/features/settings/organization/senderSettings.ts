import { defaultSenderOf } from '@herald/protocol';

/** The ISO 4217 currencies an organization may choose, with their names in the console's language. */
export function currencyChoices(
  language: string,
  saved: string,
  known: readonly string[] = Intl.supportedValuesOf('currency'),
): Array<{ value: string; label: string }> {
  const names = new Intl.DisplayNames([language], { type: 'currency' });
  return [...new Set([...known, ...(saved ? [saved] : [])])]
    .sort()
    .map((code) => ({ value: code, label: `${code} — ${names.of(code) ?? code}` }));
}

/** The sending domains of organization.domainsConfig whose DNS proof has been seen. */
export function verifiedSendingDomains(domainsConfig: Record<string, unknown>): string[] {
  const sending = domainsConfig.sending;
  if (typeof sending !== 'object' || sending === null) return [];
  return Object.entries(sending as Record<string, unknown>)
    .filter(([, entry]) => (entry as { status?: unknown } | null)?.status === 'verified')
    .map(([domain]) => domain)
    .sort();
}

export interface SenderForm {
  currency: string;
  fromName: string;
  fromAddress: string;
}

export function senderFormOf(settings: Record<string, unknown>): SenderForm {
  const sender = defaultSenderOf(settings);
  return {
    currency: typeof settings.currency === 'string' ? settings.currency : '',
    fromName: sender?.fromName ?? '',
    fromAddress: sender?.fromAddress ?? '',
  };
}

/** The settings with the form's currency and default sender; an empty field removes its setting. */
export function settingsWithSender(
  current: Record<string, unknown>,
  form: SenderForm,
): Record<string, unknown> {
  const { currency: _currency, defaultSender: _sender, ...rest } = current;
  const fromAddress = form.fromAddress.trim();
  return {
    ...rest,
    ...(form.currency ? { currency: form.currency } : {}),
    ...(fromAddress ? { defaultSender: { fromName: form.fromName.trim(), fromAddress } } : {}),
  };
}
