import { Badge } from '@mantine/core';
import type { DomainRecordStatus } from '@herald/protocol';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';

/**
 * Verified once its DNS proof was seen; unverified until then (docs/guide-administration.md § Sending and
 * tracking domains).
 */
export function DomainStatusBadge({ status }: { status: 'verified' | 'unverified' }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={status === 'verified' ? 'teal' : 'orange'}
      variant="light"
      tt="none"
      data-testid="domain-status"
      data-status={status}
    >
      {status === 'verified' ? t('settings.domains.statusVerified') : t('settings.domains.statusUnverified')}
    </Badge>
  );
}

const RECORD_COLORS: Record<DomainRecordStatus, string> = {
  unchecked: 'gray',
  ok: 'teal',
  missing: 'red',
  mismatch: 'orange',
  failed: 'red',
};

const RECORD_LABELS: Record<DomainRecordStatus, string> = {
  unchecked: 'settings.domains.recordUnchecked',
  ok: 'settings.domains.recordOk',
  missing: 'settings.domains.recordMissing',
  mismatch: 'settings.domains.recordMismatch',
  failed: 'settings.domains.recordFailed',
};

/** What the last check saw of one record. */
export function RecordStatusBadge({ status }: { status: DomainRecordStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={RECORD_COLORS[status]}
      variant="light"
      tt="none"
      data-testid="record-status"
      data-status={status}
    >
      {t(RECORD_LABELS[status])}
    </Badge>
  );
}
