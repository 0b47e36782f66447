import type { TFunction } from '../../../platform/i18n/translator.ts';

/** A version of the content by its index: 0 is the original, n the nth variation or combination. */
export function versionName(t: TFunction, variation: number): string {
  return variation === 0
    ? t('workflow.checks.original')
    : t('workflow.checks.version', { number: variation });
}
