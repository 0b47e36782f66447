import { SUPPORTED_LOCALES, SYSTEM_LOCALE_PREFERENCE } from '@herald/protocol';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../platform/alerts/toast.ts';
import { chooseLanguage } from '../../platform/i18n/chooseLanguage.ts';
import { applyLanguage } from '../../platform/i18n/i18n.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { useSession } from '../../platform/session/useSession.ts';

const choices: readonly string[] = [SYSTEM_LOCALE_PREFERENCE, ...SUPPORTED_LOCALES];

/**
 * The interface language, kept in the user's settings on this device for now (the server's
 * updateUserSettings comes with the account issue). "Browser language" follows the browser.
 */
export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const { sessionStore } = usePlatform();
  const stored = useSession().settings.locale;
  const value = typeof stored === 'string' && choices.includes(stored) ? stored : SYSTEM_LOCALE_PREFERENCE;
  return (
    <NativeSelect
      label={t('account.language')}
      value={value}
      maw={320}
      data={choices.map((choice) => ({ value: choice, label: t(`languages.${choice}`) }))}
      onChange={(event) => {
        const choice = event.currentTarget.value;
        sessionStore.updateSettings({ locale: choice });
        // Switched here rather than left to LanguageSync, so the confirmation reads in the new language.
        void applyLanguage(i18n, chooseLanguage(choice, navigator.languages)).then(() =>
          showToast(i18n.t('account.languageSaved')),
        );
      }}
    />
  );
}
