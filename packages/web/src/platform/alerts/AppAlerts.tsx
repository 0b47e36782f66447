import { Alert, Anchor, Box, Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/useTranslation.ts';
import { usePlatform } from '../platformContext.ts';
import type { AppAlert } from './alertStore.ts';
import { useAlerts } from './useAlerts.ts';
import { useErrorText } from './useErrorText.ts';

function AlertAction({ alert }: { alert: AppAlert }) {
  const { t } = useTranslation();
  const { alerts } = usePlatform();
  if (!alert.action) return null;
  if (alert.action.kind === 'reload') {
    return (
      <Button size="compact-sm" variant="white" color="red" onClick={() => window.location.reload()}>
        {t('alerts.reloadPage')}
      </Button>
    );
  }
  return (
    <Anchor
      component={Link}
      to={alert.action.to}
      size="sm"
      c="white"
      underline="always"
      onClick={() => alerts.dismiss(alert.id)}
    >
      {t(alert.action.labelKey)}
    </Anchor>
  );
}

/** App-level alerts (platform §8): each error with its action and a dismiss control, above every screen. */
export function AppAlerts() {
  const { t } = useTranslation();
  const { alerts } = usePlatform();
  const shown = useAlerts();
  const errorText = useErrorText();
  return (
    <Box
      component="section"
      aria-label={t('alerts.label')}
      data-testid="app-alerts"
      pos="fixed"
      top="4.5rem"
      left="50%"
      w="min(36rem, calc(100% - 2rem))"
      style={{ transform: 'translateX(-50%)', zIndex: 1000, pointerEvents: shown.length ? 'auto' : 'none' }}
    >
      <Stack gap="xs">
        {shown.map((alert) => (
          <Alert
            key={alert.id}
            data-testid="app-alert"
            data-error-type={alert.errorType}
            role="alert"
            color="red"
            variant="filled"
            withCloseButton
            closeButtonLabel={t('alerts.dismiss')}
            onClose={() => alerts.dismiss(alert.id)}
          >
            <Stack gap="xs" align="flex-start">
              <span>{errorText(alert.errorType, alert.message, alert.values)}</span>
              <AlertAction alert={alert} />
            </Stack>
          </Alert>
        ))}
      </Stack>
    </Box>
  );
}
