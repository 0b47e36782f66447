import { Alert, Anchor, Skeleton, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import type { ActivityFromPath } from './useActivityFromPath.ts';

/**
 * What an activity page shows while its activity is not there: a skeleton while it loads, else the catalogue's
 * words (functional §8) for an id that is not valid, an activity not found or a failed read, with a way back.
 */
export function ActivityProblem({ loaded }: { loaded: Exclude<ActivityFromPath, { state: 'found' }> }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const organization = useCurrentOrganization();
  if (loaded.state === 'loading')
    return (
      <Stack data-testid="activity-loading">
        <Skeleton height={32} width="40%" />
        <Skeleton height={160} />
      </Stack>
    );
  return (
    <Stack>
      <Title order={1}>{t('activities.viewTitle')}</Title>
      {loaded.state === 'error' ? (
        <RecordsError error={loaded.error} testId="activity-error" />
      ) : (
        <Alert
          color="yellow"
          role="alert"
          data-testid="activity-problem"
          data-error-type={loaded.state === 'invalid' ? 'ActivityIdNotValidError' : 'ActivityNotFoundError'}
        >
          {errorText(loaded.state === 'invalid' ? 'ActivityIdNotValidError' : 'ActivityNotFoundError')}
        </Alert>
      )}
      <Anchor component={Link} to={`/${organization?.organizationId ?? ''}/campaigns`}>
        {t('activities.backToCampaigns')}
      </Anchor>
    </Stack>
  );
}
