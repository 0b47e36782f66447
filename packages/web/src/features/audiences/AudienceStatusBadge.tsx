import { Badge, Loader } from '@mantine/core';
import type { AudienceStatus } from '@herald/protocol';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { isGenerating } from './audience.ts';

const COLORS: Record<AudienceStatus, string> = {
  'in-queue': 'gray',
  calculating: 'blue',
  'in-progress': 'blue',
  error: 'red',
  locked: 'dark',
  ready: 'teal',
};

/** An audience's state (functional §3's generation states, and ready), with a spinner while generating. */
export function AudienceStatusBadge({ status }: { status: AudienceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      leftSection={isGenerating(status) ? <Loader size={10} color={COLORS[status]} /> : undefined}
      data-testid="audience-status"
      data-status={status}
    >
      {t(`audiences.statuses.${status}`)}
    </Badge>
  );
}
