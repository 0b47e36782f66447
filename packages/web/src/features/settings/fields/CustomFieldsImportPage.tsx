import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { SettingsImportOverlay } from '../imports/SettingsImportOverlay.tsx';

/** customfields/import: a file of field definitions → importCustomFields, followed to its outcome. */
export default function CustomFieldsImportPage() {
  const { t } = useTranslation();
  return (
    <SettingsImportOverlay
      command="importCustomFields"
      hint={t('settings.customFields.importHint')}
      settingsPage="customfields"
      testId="custom-fields-import"
    />
  );
}
