import { Alert, Button, Group, MultiSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { useOverlay } from '../../platform/overlay/overlay.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { SaveProblem } from '../../platform/list/SaveProblem.tsx';
import { usePartitionOptions } from '../../platform/list/usePartitionOptions.ts';
import { useRecord, useWriteRecords } from '../../platform/list/useRecords.ts';
import { useResourceAccess } from '../../platform/resources/useResourceAccess.ts';
import {
  campaignArchiveWrite,
  campaignToForm,
  campaignWrite,
  emptyCampaignForm,
  isoToday,
  validateCampaignForm,
} from './campaign.ts';
import type { Campaign, CampaignForm } from './campaign.ts';
import { DateField } from '../../platform/dates/DateFields.tsx';

/**
 * Campaign setup (functional §2), `campaigns/new` and `campaigns/{id}`, shown as an overlay over the list:
 * name, dates, details, notes and partitions; archive and unarchive. Content editors save; others read.
 */
export default function CampaignSetupPage() {
  const { t } = useTranslation();
  const organization = useCurrentOrganization();
  const { id } = useParams();
  const campaignId = id && /^\d+$/.test(id) ? Number(id) : null;
  const isNew = id === undefined;
  const loaded = useRecord('campaign', campaignId);
  const campaign = loaded.record ?? null;
  const editable = useResourceAccess('campaign').canWrite;

  if (!isNew && campaignId === null) return <NotFound />;
  if (!isNew && !campaign) {
    if (loaded.isPending || loaded.isFetching) return <Text c="dimmed">{t('app.loading')}</Text>;
    return loaded.error ? <RecordsError error={loaded.error} testId="campaign-error" /> : <NotFound />;
  }
  return (
    <CampaignSetupForm
      key={campaign ? `${campaign.id}` : 'new'}
      campaign={campaign}
      editable={editable}
      partitioned={(organization?.organization.partitionsets.length ?? 0) > 0}
    />
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" data-testid="campaign-not-found">
      {t('campaigns.notFound')}
    </Alert>
  );
}

function CampaignSetupForm({
  campaign,
  editable,
  partitioned,
}: {
  campaign: Campaign | null;
  editable: boolean;
  partitioned: boolean;
}) {
  const { t } = useTranslation();
  const overlay = useOverlay();
  const navigate = useNavigate();
  const organization = useCurrentOrganization();
  const partitionOptions = usePartitionOptions();
  // Partitions are set on campaigns of any organization that has them, by head office and franchisees alike.
  const withPartitions = partitioned || partitionOptions.length > 0;
  const [form, setForm] = useState<CampaignForm>(() =>
    campaign ? campaignToForm(campaign) : emptyCampaignForm(isoToday()),
  );
  const [touched, setTouched] = useState(false);
  // The version the form was filled from: an update sends it, so a change saved meanwhile by someone else
  // is refused (StaleRecordError) instead of overwritten.
  const [base, setBase] = useState<Campaign | null>(campaign);
  const [confirmingArchive, setConfirmingArchive] = useState(false);
  const errors = validateCampaignForm(form);
  const close = () => {
    if (overlay) overlay.close();
    else void navigate(`/${organization?.organizationId ?? ''}/campaigns`);
  };
  const saving = useWriteRecords('campaign', {
    onSuccess: () => {
      showToast(campaign ? t('campaigns.saved') : t('campaigns.created'));
      close();
    },
  });
  const archiving = useWriteRecords('campaign', {
    onSuccess: (result) => {
      setConfirmingArchive(false);
      showToast(
        result.records[0]?.isArchived ? t('campaigns.archivedToast') : t('campaigns.unarchivedToast'),
      );
    },
  });

  // A newer version pushed while the form is untouched is taken in, so saving does not go stale for nothing.
  useEffect(() => {
    if (campaign && !touched) {
      setForm(campaignToForm(campaign));
      setBase(campaign);
    }
  }, [campaign, touched]);

  const update = (change: Partial<CampaignForm>) => {
    setTouched(true);
    setForm((current) => ({ ...current, ...change }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!editable || Object.keys(errors).length > 0) return;
    saving.mutate([campaignWrite(form, base, withPartitions)]);
  };
  const errorText = (field: keyof CampaignForm) =>
    touched && errors[field] ? t(`campaigns.errors.${errors[field]}`) : undefined;
  const readOnly = !editable;

  return (
    <form onSubmit={onSubmit} data-testid="campaign-setup" noValidate>
      <Stack>
        {readOnly && (
          <Alert color="gray" data-testid="campaign-read-only">
            {t('campaigns.readOnly')}
          </Alert>
        )}
        {campaign?.isArchived && (
          <Alert color="yellow" data-testid="campaign-archived">
            {t('campaigns.isArchived')}
          </Alert>
        )}
        <SaveProblem
          error={saving.error}
          testId="campaign-save-error"
          onLoadLatest={() => {
            saving.reset();
            setTouched(false);
          }}
        />
        <RecordsError error={archiving.error} testId="campaign-archive-error" />
        <TextInput
          label={t('campaigns.fields.name')}
          value={form.name}
          onChange={(event) => update({ name: event.currentTarget.value })}
          error={errorText('name')}
          readOnly={readOnly}
          required
          data-autofocus
        />
        <Group grow align="flex-start">
          <DateField
            label={t('campaigns.fields.startDate')}
            value={form.startDate}
            onChange={(startDate) => update({ startDate })}
            error={errorText('startDate')}
            readOnly={readOnly}
            required
          />
          <DateField
            label={t('campaigns.fields.endDate')}
            description={t('campaigns.endDateOptional')}
            value={form.endDate}
            min={form.startDate}
            onChange={(endDate) => update({ endDate })}
            error={errorText('endDate')}
            readOnly={readOnly}
            clearable
          />
        </Group>
        <Textarea
          label={t('campaigns.fields.details')}
          value={form.details}
          onChange={(event) => update({ details: event.currentTarget.value })}
          autosize
          minRows={3}
          readOnly={readOnly}
        />
        <Textarea
          label={t('campaigns.fields.notes')}
          value={form.notes}
          onChange={(event) => update({ notes: event.currentTarget.value })}
          autosize
          minRows={2}
          readOnly={readOnly}
        />
        {withPartitions && (
          <MultiSelect
            label={t('campaigns.fields.partitions')}
            data={mergePartitionOptions(partitionOptions, form.partitionIds)}
            value={form.partitionIds.map(String)}
            onChange={(values) => update({ partitionIds: values.map(Number) })}
            readOnly={readOnly}
            searchable
          />
        )}
        {confirmingArchive && campaign && (
          <Alert
            color="orange"
            data-testid="campaign-archive-confirm"
            title={
              campaign.isArchived ? t('campaigns.confirmUnarchiveTitle') : t('campaigns.confirmArchiveTitle')
            }
          >
            <Stack gap="xs">
              <Text size="sm">
                {campaign.isArchived ? t('campaigns.confirmUnarchive') : t('campaigns.confirmArchive')}
              </Text>
              <Group>
                <Button
                  color="orange"
                  size="xs"
                  loading={archiving.isPending}
                  onClick={() => archiving.mutate([campaignArchiveWrite(campaign, !campaign.isArchived)])}
                >
                  {campaign.isArchived ? t('campaigns.unarchive') : t('campaigns.archive')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirmingArchive(false)}>
                  {t('common.cancel')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <Group justify="space-between">
          <Group>
            {campaign && (
              <Button
                component={Link}
                to={`/${organization?.organizationId ?? ''}/campaign/${campaign.id}`}
                variant="subtle"
              >
                {t('campaigns.openPage')}
              </Button>
            )}
            {campaign && editable && !confirmingArchive && (
              <Button variant="default" color="orange" onClick={() => setConfirmingArchive(true)}>
                {campaign.isArchived ? t('campaigns.unarchive') : t('campaigns.archive')}
              </Button>
            )}
          </Group>
          <Group>
            <Button variant="default" onClick={close}>
              {editable ? t('common.cancel') : t('common.close')}
            </Button>
            {editable && (
              <Button type="submit" loading={saving.isPending} onClick={() => setTouched(true)}>
                {campaign ? t('common.save') : t('campaigns.create')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** The partition options, plus ids the campaign has that the options do not name. */
function mergePartitionOptions(
  options: ReadonlyArray<{ value: string; label: string }>,
  ids: readonly number[],
): Array<{ value: string; label: string }> {
  const known = new Set(options.map((option) => option.value));
  return [
    ...options,
    ...ids.filter((id) => !known.has(String(id))).map((id) => ({ value: String(id), label: String(id) })),
  ];
}
