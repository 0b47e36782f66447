import { TOAST_DURATION_MS, TOAST_POSITION } from '@herald/protocol';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { LanguageSync } from '../platform/i18n/LanguageSync.tsx';
import { PlatformContext } from '../platform/platformContext.ts';
import type { Platform } from '../platform/platformContext.ts';
import { cssVariablesResolver, theme } from './theme.ts';

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
            <Notifications position={TOAST_POSITION} autoClose={TOAST_DURATION_MS} />
            <LanguageSync />
            {children}
          </MantineProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </PlatformContext>
  );
}
