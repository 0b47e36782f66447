import { Center, Paper, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/** The frame of the pages used without a session (sign-in, sign-up, password reset): one card, one form. */
export function PublicFormLayout({
  title,
  onSubmit,
  testId,
  step,
  children,
}: {
  title: string;
  onSubmit: (event: FormEvent) => void;
  testId: string;
  /** The form's current step, for tests and styling (`data-step`). */
  step: string;
  children: ReactNode;
}) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper
        component="form"
        onSubmit={onSubmit}
        withBorder
        shadow="sm"
        p="xl"
        w="100%"
        maw={420}
        data-testid={testId}
        data-step={step}
      >
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
