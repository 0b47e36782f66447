import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from '../platform/guards/routeMatches.tsx';
import type { I18n } from '../platform/i18n/createTranslator.ts';
import type { Platform } from '../platform/platformContext.ts';
import { Providers } from './Providers.tsx';
import { routeObjects } from './router.tsx';

export function App({ platform, i18n }: { platform: Platform; i18n: I18n }) {
  const [routes] = useState(() => routeObjects(platform.routes));
  return (
    <Providers platform={platform} i18n={i18n}>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </Providers>
  );
}
