import { Group, Loader, Text } from '@mantine/core';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { errorTypeOf, isChannelError } from '../../platform/channel/channelError.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { exactFigure } from '../../platform/numbers/figures.ts';

/**
 * The live count under the builder: the exact size ("1,234 subscribers", the shared exactFigure), a loader
 * while counting, or the server's reason when it refuses the target (a list that does not exist, say).
 */
export function TargetCount({
  total,
  error,
  isCounting,
  isStale,
}: {
  total: number | undefined;
  error: unknown;
  isCounting: boolean;
  isStale: boolean;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  if (error && !isStale && errorTypeOf(error) !== 'QueryCancelledError') {
    const details = isChannelError(error)
      ? (error.details ?? []).map((detail) => detail.message).filter((message) => typeof message === 'string')
      : [];
    return (
      <Text size="sm" c="red" role="alert" data-testid="target-count-error">
        {details.length > 0
          ? details.join(' · ')
          : errorText(
              errorTypeOf(error) ?? 'ApplicationError',
              error instanceof Error ? error.message : undefined,
            )}
      </Text>
    );
  }
  return (
    <Group gap="xs" aria-live="polite" data-testid="target-count" data-counting={isCounting || undefined}>
      {isCounting && <Loader size="xs" role="status" aria-label={t('targets.counting')} />}
      {total !== undefined && !isStale ? (
        <Text size="sm" fw={600} data-count={total} data-testid="target-count-value">
          {total === 1
            ? t('targets.countOne', { total: exactFigure(total, i18n.language) })
            : t('targets.countMany', { total: exactFigure(total, i18n.language) })}
        </Text>
      ) : (
        !isCounting && (
          <Text size="sm" c="dimmed">
            {t('targets.noCount')}
          </Text>
        )
      )}
    </Group>
  );
}
