import type { CheckStatus } from '@herald/protocol';
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';

const COLORS: Record<CheckStatus, string> = { pass: 'green', warn: 'yellow', fail: 'red' };

/** Line drawings on a 24-unit grid: a tick, a warning sign, a cross; each badge also says its outcome. */
const GLYPHS: Record<CheckStatus, ReactNode> = {
  pass: <path d="M5 12l5 5 9-10" />,
  warn: (
    <>
      <path d="M12 3l10 18H2z" />
      <path d="M12 10v5M12 18v.5" />
    </>
  ),
  fail: <path d="M6 6l12 12M18 6L6 18" />,
};

/** A check's (or a run's) outcome: colour, icon and word, so it does not rest on colour alone. */
export function CheckStatusBadge({ status, testId }: { status: CheckStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      data-testid={testId}
      data-check-status={status}
      leftSection={
        <svg
          width={12}
          height={12}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={3}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          {GLYPHS[status]}
        </svg>
      }
    >
      {t(`workflow.checks.statuses.${status}`)}
    </Badge>
  );
}
