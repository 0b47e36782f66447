import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { I18n } from '../platform/i18n/createTranslator.ts';
import { I18nProvider } from '../platform/i18n/I18nProvider.tsx';
import { LanguageSync } from '../platform/i18n/LanguageSync.tsx';
import { PlatformContext } from '../platform/platformContext.ts';
import type { Platform } from '../platform/platformContext.ts';
import { cssVariablesResolver, theme } from './theme.ts';
import { Toasts } from './Toasts.tsx';

export function Providers({
  platform,
  i18n,
  children,
}: {
  platform: Platform;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <PlatformContext value={platform}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={platform.queryClient}>
          <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
            <Toasts />
            <LanguageSync />
            {children}
          </MantineProvider>
        </QueryClientProvider>
      </I18nProvider>
    </PlatformContext>
  );
}
