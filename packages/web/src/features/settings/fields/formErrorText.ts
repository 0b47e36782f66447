import type { TFunction } from '../../../platform/i18n/translator.ts';
import type { FormError } from './customFieldForm.ts';

/** A form mistake in the interface language; nothing when there is none. */
export function formErrorText(t: TFunction, error: FormError | undefined): string | undefined {
  return error ? t(error.key, error.values ?? {}) : undefined;
}
