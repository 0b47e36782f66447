import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';

/**
 * Functional §5: a target that names no list or audience reaches everyone who matches its other conditions,
 * so saving one asks first, with the catalogue's warning.
 */
export function TargetWarningModal({
  opened,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={onCancel}
      title={t('targets.confirmTitle')}
      data-testid="target-warning-confirm"
    >
      <Stack>
        <Alert color="yellow">{t('errors.TargetWithoutListError')}</Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button color="yellow" onClick={onConfirm} data-testid="target-warning-proceed" data-autofocus>
            {t('targets.confirmProceed')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
