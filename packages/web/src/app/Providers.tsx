import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
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
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={platform.queryClient}>
          <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
            <Toasts />
            <LanguageSync />
            {children}
          </MantineProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </PlatformContext>
  );
}
