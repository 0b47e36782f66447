import { Button, Center, Stack, Text } from '@mantine/core';
import { Component, useEffect } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../platform/i18n/useTranslation.ts';
import { isChunkLoadError } from '../platform/lazy/loadWithTimeout.ts';
import { usePlatform } from '../platform/platformContext.ts';

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  /** The address the error happened at: moving elsewhere renders the route again. */
  failedAt: string | null;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    if (state.failedAt === null) return { failedAt: props.pathname };
    return state.failedAt === props.pathname ? null : { error: null, failedAt: null };
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/**
 * What a route shows when it cannot render, in place of the route alone (the shell and the navigation stay):
 * a page whose code did not arrive (failed, or not within 120 s) raises an alert with a Reload action;
 * anything else is a bug, logged and shown as an application error. Going to another address tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}

function RouteError({ error }: { error: unknown }) {
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
