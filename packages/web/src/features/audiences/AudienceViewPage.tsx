import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { targetIncludesListOrAudience } from '@herald/protocol';
import type { TargetNode } from '@herald/protocol';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useWriteRecords } from '../../platform/list/useRecords.ts';
import { pathId } from '../lists/list.ts';
import { TargetExpressionInput } from '../targets/TargetExpressionInput.tsx';
import { TargetWarningModal } from '../targets/TargetWarningModal.tsx';
import { sameTarget } from '../targets/targetText.ts';
import { AudienceHeader, AudienceNotFound, useAudience } from './AudienceHeader.tsx';
import { audienceTargetWrite } from './audience.ts';
import type { Audience } from './audience.ts';
import { useAudiencesContext } from './useAudiencesContext.ts';

/** An audience (`audiences/view/{id}`): its header and status, and its target to read or change. */
export default function AudienceViewPage() {
  const { t } = useTranslation();
  const audienceId = pathId(useParams().id);
  const loaded = useAudience(audienceId);
  if (audienceId === null || loaded.missing) return <AudienceNotFound />;
  if (!loaded.audience) {
    return loaded.error ? (
      <RecordsError error={loaded.error} testId="audience-error" />
    ) : (
      <Text c="dimmed">{t('app.loading')}</Text>
    );
  }
  return <AudienceView audience={loaded.audience} />;
}

function AudienceView({ audience }: { audience: Audience }) {
  const { t } = useTranslation();
  const { base, canManage } = useAudiencesContext();
  const [target, setTarget] = useState<TargetNode | null>(audience.target);
  const [confirming, setConfirming] = useState(false);
  const saving = useWriteRecords('audience', {
    onSuccess: () => showToast(t('audiences.targetSaved', { name: audience.name })),
  });
  const changed = !sameTarget(target, audience.target);
  const editable = canManage && !audience.isArchived && audience.status !== 'locked';
  const save = (tree: TargetNode) => {
    setConfirming(false);
    saving.mutate([audienceTargetWrite(audience, tree)]);
  };

  return (
    <Stack data-testid="audience-view-page">
      <AudienceHeader
        audience={audience}
        extra={
          <Button variant="subtle" component={Link} to={`${base}/audiences/report/${audience.id}`}>
            {t('audiences.report')}
          </Button>
        }
      />
      <Paper withBorder p="md">
        <Stack>
          <Title order={2} size="h4">
            {t('audiences.fields.target')}
          </Title>
          {!canManage && (
            <Text size="sm" c="dimmed" data-testid="audience-read-only">
              {t('audiences.readOnly')}
            </Text>
          )}
          <TargetExpressionInput value={target} onChange={setTarget} disabled={!editable} />
          <RecordsError error={saving.error} testId="audience-save-error" />
          {editable && (
            <Group justify="flex-end">
              <Text size="sm" c="dimmed">
                {t('audiences.savingRegenerates')}
              </Text>
              <Button variant="default" disabled={!changed} onClick={() => setTarget(audience.target)}>
                {t('audiences.discard')}
              </Button>
              <Button
                disabled={!changed || target === null}
                loading={saving.isPending}
                onClick={() => {
                  if (target === null) return;
                  if (targetIncludesListOrAudience(target)) save(target);
                  else setConfirming(true);
                }}
                data-testid="audience-save-target"
              >
                {t('audiences.saveTarget')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      <TargetWarningModal
        opened={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => target && save(target)}
      />
    </Stack>
  );
}
