import { Button, Center, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from '../platform/i18n/useTranslation.ts';
import { isChunkLoadError } from '../platform/lazy/loadWithTimeout.ts';
import { usePlatform } from '../platform/platformContext.ts';

/**
 * What a route shows when it cannot render. A page whose code did not arrive (failed, or not within 120 s)
 * raises an alert with a Reload action; anything else is a bug, logged and shown as an application error.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { alerts } = usePlatform();
  const { t } = useTranslation();
  const chunkMissing = isChunkLoadError(error);
  useEffect(() => {
    if (chunkMissing) alerts.show({ errorType: 'ChunkLoadError', action: { kind: 'reload' } });
    else console.error(error);
  }, [alerts, chunkMissing, error]);
  return (
    <Center mih="50vh" p="xl">
      <Stack align="center">
        <Text>{chunkMissing ? t('errors.ChunkLoadError') : t('errors.ApplicationError')}</Text>
        <Button onClick={() => window.location.reload()}>{t('alerts.reloadPage')}</Button>
      </Stack>
    </Center>
  );
}
