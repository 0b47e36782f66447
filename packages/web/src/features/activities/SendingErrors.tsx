import type { ActivityRecord, SendingErrorGroup } from '@herald/protocol';
import { checkAccess } from '@herald/protocol';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Collapse,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { commandKey, useCommand, useCommandMutation } from '../../platform/data/useCommand.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { subscriptionsFor } from '../../platform/list/recordSubscriptions.ts';
import { recordsKey, useLiveRecords } from '../../platform/list/useRecords.ts';
import { exactFigure } from '../../platform/numbers/figures.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { subscriberProfilePath } from '../subscribers/subscribers.ts';

/**
 * The activity's sending errors (docs/architecture.md § Sending errors): its failed deliveries grouped by where
 * they failed, each group with how many recipients it hit, the template line or the provider's code, a sample
 * recipient and the stack trace for support. Live: the engine's `delivery` pushes read it again. A deployer may
 * send the failed deliveries again once the cause is fixed.
 */
export function SendingErrors({ activity }: { activity: ActivityRecord }) {
  const { t, i18n } = useTranslation();
  const organization = useCurrentOrganization()!;
  const { channel, organizationId } = organization;
  const params = { organizationId, activityId: activity.id };
  const errors = useCommand(channel, 'getSendingErrors', params);
  const queryClient = useQueryClient();
  useLiveRecords('delivery');
  useEffect(() => {
    const subscriptions = subscriptionsFor(
      channel,
      organizationId,
      (changed) => void queryClient.invalidateQueries({ queryKey: recordsKey(channel, changed) }),
    );
    // Any change of a delivery may change the groups: the whole answer is read again.
    const errorsKey = commandKey(channel, 'getSendingErrors', null).slice(0, 2);
    return subscriptions.listen(
      'delivery',
      () => void queryClient.invalidateQueries({ queryKey: errorsKey }),
    );
  }, [channel, organizationId, queryClient]);
  const canRetry = checkAccess({ capabilities: ['content-deploy'] }, organization.access);
  const groups = errors.data?.groups ?? [];
  const total = errors.data?.total ?? 0;
  return (
    <Paper withBorder p="md" data-testid="sending-errors">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={2} size="h4">
              {t('activities.sendingErrors.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('activities.sendingErrors.explanation')}
            </Text>
          </Stack>
          {canRetry && total > 0 && <RetryButton activity={activity} total={total} />}
        </Group>
        {errors.isPending ? (
          <Skeleton height={80} />
        ) : errors.error ? (
          <RecordsError error={errors.error} testId="sending-errors-error" />
        ) : total === 0 ? (
          <Alert color="teal" data-testid="sending-errors-none">
            {t('activities.sendingErrors.none')}
          </Alert>
        ) : (
          <>
            <Alert color="red" data-testid="sending-errors-total">
              {t('activities.sendingErrors.total', {
                count: exactFigure(total, i18n.language),
                groups: exactFigure(groups.length, i18n.language),
              })}
            </Alert>
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {groups.map((group) => (
                <ErrorGroup key={group.sample.deliveryId} group={group} />
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function ErrorGroup({ group }: { group: SendingErrorGroup }) {
  const { t, i18n } = useTranslation();
  const organization = useCurrentOrganization()!;
  const [traceOpen, setTraceOpen] = useState(false);
  const traceId = useId();
  const { sample } = group;
  const partName = group.part
    ? t(`activities.errorsPage.parts.${group.part}`, { defaultValue: group.part })
    : undefined;
  return (
    <Paper component="li" withBorder p="sm" data-testid="sending-error-group">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Badge color="red" variant="filled" data-testid="sending-error-count">
            {t('activities.sendingErrors.recipients', { count: exactFigure(group.count, i18n.language) })}
          </Badge>
          {group.stage && (
            <Badge color={group.stage === 'render' ? 'orange' : 'grape'} variant="light">
              {t(`activities.sendingErrors.stages.${group.stage}`)}
            </Badge>
          )}
          {group.code && (
            <Badge color="gray" variant="outline">
              {t('activities.sendingErrors.code', { code: group.code })}
            </Badge>
          )}
        </Group>
        <Text size="sm" fw={600} data-testid="sending-error-message">
          {group.message}
        </Text>
        {(partName || group.line !== undefined) && (
          <Text size="sm">
            {partName ?? t('activities.errorsPage.content')}
            {group.line !== undefined && ` · ${t('activities.errorsPage.line', { line: group.line })}`}
          </Text>
        )}
        {sample.context !== undefined && (
          <Code block data-testid="sending-error-context">
            {sample.context}
          </Code>
        )}
        {group.tag && (
          <Text size="sm">
            {t('activities.sendingErrors.tag')} <Code>{group.tag}</Code>
          </Text>
        )}
        <Text size="sm">
          {t('activities.sendingErrors.sample')}{' '}
          <Anchor
            component={Link}
            to={subscriberProfilePath(organization.organizationId, sample.subscriberId)}
            data-testid="sending-error-sample"
          >
            {sample.email ?? t('activities.sendingErrors.subscriber', { id: sample.subscriberId })}
          </Anchor>
        </Text>
        {sample.trace && (
          <>
            <Button
              variant="subtle"
              size="compact-xs"
              w="fit-content"
              aria-expanded={traceOpen}
              aria-controls={traceId}
              onClick={() => setTraceOpen((was) => !was)}
              data-testid="sending-error-trace-toggle"
            >
              {t(traceOpen ? 'activities.sendingErrors.hideTrace' : 'activities.sendingErrors.showTrace')}
            </Button>
            <Collapse expanded={traceOpen} id={traceId}>
              <Code block data-testid="sending-error-trace">
                {sample.trace}
              </Code>
            </Collapse>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function RetryButton({ activity, total }: { activity: ActivityRecord; total: number }) {
  const { t, i18n } = useTranslation();
  const organization = useCurrentOrganization()!;
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const retry = useCommandMutation(organization.channel, 'retryDeliveries', {
    onSuccess: (answer) => {
      setConfirming(false);
      void queryClient.invalidateQueries({
        queryKey: commandKey(organization.channel, 'getSendingErrors', null).slice(0, 2),
      });
      showToast(t('activities.sendingErrors.retried', { count: exactFigure(answer.retried, i18n.language) }));
    },
  });
  return (
    <>
      <Button
        color="red"
        variant="light"
        onClick={() => setConfirming(true)}
        data-testid="retry-failed-sends"
      >
        {t('activities.sendingErrors.retry')}
      </Button>
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={confirming}
        onClose={() => {
          setConfirming(false);
          retry.reset();
        }}
        title={t('activities.sendingErrors.retryTitle')}
        data-testid="retry-failed-sends-confirm"
      >
        <Stack>
          <Text size="sm">
            {t('activities.sendingErrors.retryWarning', { count: exactFigure(total, i18n.language) })}
          </Text>
          <RecordsError error={retry.error} testId="retry-failed-sends-error" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={retry.isPending}
              onClick={() =>
                retry.mutate({ organizationId: organization.organizationId, activityId: activity.id })
              }
              data-testid="retry-failed-sends-confirmed"
            >
              {t('activities.sendingErrors.retryConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
