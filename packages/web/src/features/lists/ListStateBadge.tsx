import { Badge } from '@mantine/core';
import type { ListState } from '@herald/protocol';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';

const COLORS: Record<ListState, string> = {
  active: 'teal',
  dormant: 'yellow',
  empty: 'gray',
  archived: 'dark',
};

/** A list's state (functional §3): active, dormant, empty or archived. */
export function ListStateBadge({ state }: { state: ListState }) {
  const { t } = useTranslation();
  const labels: Record<ListState, string> = {
    active: t('lists.states.active'),
    dormant: t('lists.states.dormant'),
    empty: t('lists.states.empty'),
    archived: t('lists.states.archived'),
  };
  return (
    <Badge color={COLORS[state]} variant="light" data-testid="list-state" data-state={state}>
      {labels[state]}
    </Badge>
  );
}
