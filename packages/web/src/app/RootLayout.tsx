import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppAlerts } from '../platform/alerts/AppAlerts.tsx';
import { DocumentTitle } from '../platform/pageTitle/DocumentTitle.tsx';
import { ShellSkeleton } from '../features/shell/ShellSkeleton.tsx';

export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <AppAlerts />
      <Suspense fallback={<ShellSkeleton />}>
        <Outlet />
      </Suspense>
    </>
  );
}
