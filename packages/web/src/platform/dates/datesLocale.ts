import 'dayjs/locale/id';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';

// The date pickers' month and weekday names come from dayjs; these four are the console's languages besides
// English (built in). Imported by the picker fields only, so they load with the first screen that has one.
const DAYJS_LOCALES: Record<string, string> = {
  en: 'en',
  id: 'id',
  ja: 'ja',
  'zh-Hans': 'zh-cn',
  'zh-Hant': 'zh-tw',
};

/** The dayjs locale of an interface language; English for one it does not know. */
export function dayjsLocaleOf(language: string): string {
  return DAYJS_LOCALES[language] ?? DAYJS_LOCALES[language.split('-')[0] ?? ''] ?? 'en';
}
