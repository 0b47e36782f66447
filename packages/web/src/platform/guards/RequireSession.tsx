import { Navigate, Outlet, useLocation } from 'react-router';
import { usePlatform } from '../platformContext.ts';
import { useSession } from '../session/useSession.ts';
import { sessionGuard } from './guards.ts';

/**
 * Guard 2 for every route below it: without a valid session, sign in first and come back. A stored session
 * passes at once; the session channel renews it on connecting, and if the server refuses, the session ends
 * and this sends the user to sign in.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  const { sessionStore } = usePlatform();
  const decision = sessionGuard('session', session, location, sessionStore.lastEnding() === 'signed-out');
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
