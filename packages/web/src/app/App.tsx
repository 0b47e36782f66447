import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { I18n } from '../platform/i18n/createTranslator.ts';
import type { Platform } from '../platform/platformContext.ts';
import { Providers } from './Providers.tsx';
import { routeObjects } from './router.tsx';

export function App({ platform, i18n }: { platform: Platform; i18n: I18n }) {
  const [router] = useState(() => createBrowserRouter(routeObjects(platform.routes)));
  return (
    <Providers platform={platform} i18n={i18n}>
      <RouterProvider router={router} />
    </Providers>
  );
}
