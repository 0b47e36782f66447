import { Text } from '@mantine/core';
import { AdminError } from '../AdminError.tsx';

/** A refused domain command: the catalogue's sentence, and the server's detail when it names a field. */
export function DomainError({
  error,
  testId,
}: {
  error: { type: string; message: string; details?: Array<{ path: string; message: string }> } | null;
  testId?: string;
}) {
  if (!error) return null;
  const detail = error.type === 'ValidationError' ? error.details?.[0]?.message : undefined;
  return (
    <>
      <AdminError error={error} {...(testId ? { testId } : {})} />
      {detail && (
        <Text size="sm" c="red" data-testid="domain-error-detail">
          {detail}
        </Text>
      )}
    </>
  );
}
