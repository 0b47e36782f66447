import { TOAST_DURATION_MS, TOAST_POSITION } from '@herald/protocol';
import { lazy, Suspense } from 'react';
import { useSession } from '../platform/session/useSession.ts';
import { hasValidSession } from '../platform/session/storedSession.ts';

// Toasts are shown only by pages behind sign-in, so their container (Mantine's notifications with its
// transitions) loads once a session exists, not with /login (issue 13 §7). A toast asked for earlier waits in
// Mantine's store and shows when the container mounts.
const Notifications = lazy(() =>
  import('@mantine/notifications').then(({ Notifications: Container }) => ({ default: Container })),
);

export function Toasts() {
  const signedIn = hasValidSession(useSession());
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position={TOAST_POSITION} autoClose={TOAST_DURATION_MS} />
    </Suspense>
  );
}
