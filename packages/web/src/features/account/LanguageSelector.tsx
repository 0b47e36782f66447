import { SUPPORTED_LOCALES, SYSTEM_LOCALE_PREFERENCE } from '@herald/protocol';
import { NativeSelect } from '@mantine/core';
import { showToast } from '../../platform/alerts/toast.ts';
import { chooseLanguage } from '../../platform/i18n/chooseLanguage.ts';
import { applyLanguage } from '../../platform/i18n/i18n.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { useSession } from '../../platform/session/useSession.ts';
import { useUserProfile } from '../../platform/session/useUserProfile.ts';
import { useStoreUserSettings } from './useStoreUserSettings.ts';
import { parseSettings, settingsJson } from './userSettings.ts';

const choices: readonly string[] = [SYSTEM_LOCALE_PREFERENCE, ...SUPPORTED_LOCALES];

/**
 * The interface language. The choice applies at once and is kept on this device (so it also holds before
 * signing in, and if the server cannot be reached), and is stored in the user's settings as `locale`
 * (updateUserSettings) so it follows them to other devices. "Browser language" follows the browser.
 */
export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const { sessionStore, sessionChannel } = usePlatform();
  const session = useSession();
  const profile = useUserProfile().data;
  const storeSettings = useStoreUserSettings();
  const stored = session.settings.locale;
  const value = typeof stored === 'string' && choices.includes(stored) ? stored : SYSTEM_LOCALE_PREFERENCE;

  const saveOnServer = async (locale: string) => {
    const { sessionId } = session;
    if (!sessionId) return;
    const current = profile?.settings ?? session.settings;
    const result = await sessionChannel.request('updateUserSettings', {
      sessionId,
      settings: settingsJson(current, { locale }),
    });
    const settings = parseSettings(result.settings);
    if (settings) storeSettings(settings);
  };

  return (
    <NativeSelect
      label={t('account.language')}
      value={value}
      maw={320}
      data-testid="language-select"
      data={choices.map((choice) => ({ value: choice, label: t(`languages.${choice}`) }))}
      onChange={(event) => {
        const choice = event.currentTarget.value;
        sessionStore.updateSettings({ locale: choice });
        // Switched here rather than left to LanguageSync, so the confirmation reads in the new language.
        void applyLanguage(i18n, chooseLanguage(choice, navigator.languages)).then(() =>
          saveOnServer(choice).then(
            () => showToast(i18n.t('account.languageSaved')),
            // Kept on this device all the same; the user is told it did not reach their account.
            () => showToast(i18n.t('account.languageSavedHere')),
          ),
        );
      }}
    />
  );
}
