import { Button, Group } from '@mantine/core';
import { errorTypeOf } from '../channel/channelError.ts';
import { useTranslation } from '../i18n/useTranslation.ts';
import { RecordsError } from './ListControls.tsx';

/**
 * Why a form's save failed, in the catalogue's words; when someone else saved the record meanwhile
 * (StaleRecordError) a way to drop this form's changes and take in the latest version, since saving again
 * would only be refused again.
 */
export function SaveProblem({
  error,
  testId,
  onLoadLatest,
}: {
  /** The save's error, or null while there is none. */
  error: unknown;
  /** The test id of the error's alert. */
  testId: string;
  /** Drops the form's changes (and the error) so the form shows the record as stored now. */
  onLoadLatest: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <RecordsError error={error} testId={testId} />
      {errorTypeOf(error) === 'StaleRecordError' && (
        <Group>
          <Button size="xs" variant="light" onClick={onLoadLatest} data-testid={`${testId}-load-latest`}>
            {t('saveConflict.loadLatest')}
          </Button>
        </Group>
      )}
    </>
  );
}
