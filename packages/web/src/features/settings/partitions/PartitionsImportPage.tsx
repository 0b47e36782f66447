import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { SettingsImportOverlay } from '../imports/SettingsImportOverlay.tsx';

/** partitions/import: a file of partitions → importPartitions, followed to its outcome. */
export default function PartitionsImportPage() {
  const { t } = useTranslation();
  return (
    <SettingsImportOverlay
      command="importPartitions"
      hint={t('settings.partitions.importHint')}
      settingsPage="partitions"
      testId="partitions-import"
    />
  );
}
