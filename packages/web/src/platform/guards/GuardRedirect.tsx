import { useEffect } from 'react';
import { Navigate } from 'react-router';
import type { AlertInput } from '../alerts/alertStore.ts';
import { usePlatform } from '../platformContext.ts';

/** Carries out a guard's redirect, showing its alert on the way. */
export function GuardRedirect({ to, alert }: { to: string; alert?: AlertInput | undefined }) {
  const { alerts } = usePlatform();
  // Guards build a new alert object on every render; its content is what decides whether it is new.
  const alertJson = alert ? JSON.stringify(alert) : null;
  useEffect(() => {
    if (alertJson) alerts.show(JSON.parse(alertJson) as AlertInput);
  }, [alertJson, alerts]);
  return <Navigate to={to} replace />;
}
