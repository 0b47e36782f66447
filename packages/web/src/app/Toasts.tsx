import { TOAST_DURATION_MS, TOAST_POSITION } from '@herald/protocol';
import { MantineThemeProvider } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from '../platform/i18n/useTranslation.ts';
import { useSession } from '../platform/session/useSession.ts';
import { hasValidSession } from '../platform/session/storedSession.ts';

// Toasts are shown only by pages behind sign-in, so their container (Mantine's notifications with its
// transitions) loads once a session exists, not with /login (docs/decisions/0032-light-first-scripts.md). A toast
// asked for earlier waits in Mantine's store and shows when the container mounts.
const Notifications = lazy(() =>
  import('@mantine/notifications').then(({ Notifications: Container }) => ({ default: Container })),
);

export function Toasts() {
  const { t } = useTranslation();
  const signedIn = hasValidSession(useSession());
  const close = t('common.close');
  // A toast's close button shows only an icon: it needs a name (axe's button-name is critical; the accessibility
  // test, docs/architecture.md § Tests).
  const theme = useMemo(
    () => ({ components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': close } } } } }),
    [close],
  );
  if (!signedIn) return null;
  return (
    <MantineThemeProvider theme={theme}>
      <Suspense fallback={null}>
        <Notifications position={TOAST_POSITION} autoClose={TOAST_DURATION_MS} />
      </Suspense>
    </MantineThemeProvider>
  );
}
