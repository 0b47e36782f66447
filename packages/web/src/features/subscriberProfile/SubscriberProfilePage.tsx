import { Alert, Anchor, Badge, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useRecord } from '../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { useResourceAccess } from '../../platform/resources/useResourceAccess.ts';
import { CustomFieldsCard } from './CustomFieldsCard.tsx';
import { InteractionTimeline } from './InteractionTimeline.tsx';
import { ListMembershipsCard } from './ListMembershipsCard.tsx';
import { ScoresCard } from './ScoresCard.tsx';
import { StandardFieldsCard } from './StandardFieldsCard.tsx';
import { SubscriberActions } from './SubscriberActions.tsx';
import { subscriberBadges } from './subscriberProfile.ts';
import type { SubscriberBadge } from './subscriberProfile.ts';

const BADGE_COLORS: Record<SubscriberBadge, string> = {
  anonymized: 'dark',
  unsubscribed: 'red',
  invalid: 'orange',
};

/**
 * The subscriber profile, `subscribers/{id}`: standard fields (read-only), custom fields, scores, lists
 * and the interaction history. Database managers change them; other members read.
 */
export default function SubscriberProfilePage() {
  const { t, i18n } = useTranslation();
  const organization = useCurrentOrganization();
  const { id } = useParams();
  const subscriberId = id && /^\d+$/.test(id) ? Number(id) : null;
  const loaded = useRecord('subscriber', subscriberId);
  const subscriber = loaded.record;
  const { canWrite } = useResourceAccess('subscriber');
  const base = `/${organization?.organizationId ?? ''}`;

  if (subscriberId !== null && !subscriber && (loaded.isPending || loaded.isFetching)) {
    return (
      <Stack data-testid="subscriber-loading">
        <Skeleton height={32} width="40%" />
        <Skeleton height={200} />
      </Stack>
    );
  }
  if (!subscriber) {
    return (
      <Stack>
        <Title order={1}>{t('subscriber.title')}</Title>
        <RecordsError error={loaded.error} testId="subscriber-error" />
        <Alert color="yellow" data-testid="subscriber-not-found">
          {t('subscriber.notFound')}
        </Alert>
        <Anchor component={Link} to={`${base}/subscribers`}>
          {t('subscriber.backToLists')}
        </Anchor>
      </Stack>
    );
  }
  const anonymized = subscriber.anonymizedAt !== null;
  const editable = canWrite && !anonymized;

  return (
    <Stack data-testid="subscriber-page" data-subscriber-id={subscriber.id}>
      <Anchor component={Link} to={`${base}/subscribers`} size="sm">
        {t('subscriber.backToLists')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={1} data-testid="subscriber-name">
              {subscriber.displayName}
            </Title>
            {subscriberBadges(subscriber).map((badge) => (
              <Badge
                key={badge}
                color={BADGE_COLORS[badge]}
                variant="light"
                data-testid="subscriber-badge"
                data-badge={badge}
              >
                {t(`subscriber.badges.${badge}`)}
              </Badge>
            ))}
          </Group>
          {subscriber.email && (
            <Text c="dimmed" data-testid="subscriber-email">
              {subscriber.email}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('subscriber.meta', {
              id: subscriber.id,
              created: formatDateTime(subscriber.createdAt, i18n.language),
              updated: formatDateTime(subscriber.updatedAt, i18n.language),
            })}
          </Text>
        </Stack>
        {editable && <SubscriberActions subscriber={subscriber} />}
      </Group>
      {anonymized && (
        <Alert color="gray" data-testid="subscriber-anonymized">
          {t('subscriber.anonymizedNotice', { date: formatDateTime(subscriber.anonymizedAt, i18n.language) })}
        </Alert>
      )}
      {organization && !canWrite && (
        <Alert color="gray" data-testid="subscriber-read-only">
          {t('subscriber.readOnly')}
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack>
            <StandardFieldsCard subscriber={subscriber} />
            <ScoresCard subscriber={subscriber} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack>
            <CustomFieldsCard subscriber={subscriber} editable={editable} />
            <ListMembershipsCard subscriber={subscriber} editable={editable} />
          </Stack>
        </Grid.Col>
      </Grid>
      <InteractionTimeline subscriberId={subscriber.id} />
    </Stack>
  );
}
