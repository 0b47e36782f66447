import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppAlerts } from '../platform/alerts/AppAlerts.tsx';
import { DocumentTitle } from '../platform/pageTitle/DocumentTitle.tsx';
import { PageLoader } from '../features/shell/PageLoader.tsx';

export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <AppAlerts />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
