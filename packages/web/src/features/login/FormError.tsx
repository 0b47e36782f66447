import { Alert } from '@mantine/core';
import { isChannelError } from '../../platform/channel/channelError.ts';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import type { LoginError } from './loginSteps.ts';

/** An error on one of the public forms, by catalogue type (`data-error-type` for tests). */
export function FormError({ error, testId }: { error: LoginError | null; testId: string }) {
  const errorText = useErrorText();
  if (!error) return null;
  return (
    <Alert color="red" role="alert" data-testid={testId} data-error-type={error.type}>
      {errorText(error.type, error.message)}
    </Alert>
  );
}

/** A thrown command error as a form error; anything that is not one is a bug and goes on up. */
export function formErrorOf(caught: unknown): LoginError {
  if (isChannelError(caught)) return { type: caught.type, message: caught.message };
  throw caught;
}
