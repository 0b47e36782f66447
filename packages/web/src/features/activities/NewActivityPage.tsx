import { CHANNELS } from '@herald/protocol';
import type { Channel } from '@herald/protocol';
import { Button, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { DateTimeField } from '../../platform/dates/DateFields.tsx';
import { useSendingSettings } from '../../platform/organization/useSendingSettings.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { pathId } from '../../platform/list/pathId.ts';
import { useRecords, useWriteRecords } from '../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { useOverlay } from '../../platform/overlay/overlay.ts';
import { activityPagePath } from './activityPaths.ts';
import { ChannelIcon } from './ChannelIcon.tsx';
import { newActivityWrite, validateNewActivity } from './newActivity.ts';
import type { NewActivityForm } from './newActivity.ts';
import { TemplatePicker } from './TemplatePicker.tsx';

/** Campaigns are offered by name. */
const BY_NAME = { field: 'name', order: 'asc' } as const;

/** How many campaigns the campaign chooser lists (by name; typing narrows them). */
const CAMPAIGN_CHOICES = 100;

/**
 * A new activity: `campaign/{campaignId}/new` (over the campaign page) or `activity/new` (the campaign chosen
 * here). The channel among the seven, a name, an optional date and, for an e-mail, a starting template; then
 * straight to its editor, so the content is written at once.
 */
export default function NewActivityPage() {
  const { t } = useTranslation();
  const organization = useCurrentOrganization();
  const { timeZone } = useSendingSettings();
  const overlay = useOverlay();
  const navigate = useNavigate();
  const routeCampaignId = pathId(useParams().campaignId);
  const [form, setForm] = useState<NewActivityForm>({
    campaignId: routeCampaignId,
    channel: null,
    name: '',
    date: '',
    templateUrl: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const errors = validateNewActivity(form);
  const organizationId = organization?.organizationId ?? 0;
  const creating = useWriteRecords('activity', {
    onSuccess: ({ records }) => {
      const created = records[0];
      if (!created) return;
      showToast(t('activities.create.created', { name: created.name }));
      const place = { organizationId, campaignId: routeCampaignId !== null ? created.campaignId : null };
      void navigate(activityPagePath(place, 'editor', created.id));
    },
  });
  const update = (change: Partial<NewActivityForm>) => setForm((current) => ({ ...current, ...change }));
  const errorText = (field: keyof NewActivityForm) =>
    submitted && errors[field] ? t(`activities.create.errors.${errors[field]}`) : undefined;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { campaignId, channel } = form;
    if (Object.keys(errors).length > 0 || campaignId === null || channel === null) return;
    creating.mutate([newActivityWrite({ ...form, campaignId, channel }, timeZone)]);
  };
  const cancel = () => {
    if (overlay) overlay.close();
    else void navigate(-1);
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="new-activity-form">
      <Stack>
        {/* Over the campaign page the modal's title names the form; as a page of its own it needs a heading. */}
        {!overlay && <Title order={1}>{t('activities.newTitle')}</Title>}
        {routeCampaignId === null && (
          <CampaignChooser
            value={form.campaignId}
            onChange={(campaignId) => update({ campaignId })}
            error={errorText('campaignId')}
          />
        )}
        <Radio.Group
          label={t('activities.create.channel')}
          value={form.channel ?? ''}
          onChange={(value) => update({ channel: value as Channel })}
          error={errorText('channel')}
          required
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" data-testid="channel-choices">
            {CHANNELS.map((channel) => (
              <Radio.Card
                key={channel}
                value={channel}
                p="sm"
                radius="md"
                data-testid={`channel-${channel}`}
                aria-label={t(`activities.channels.${channel}.name`)}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={4} />
                  <ChannelIcon channel={channel} size="lg" />
                  <div>
                    <Text fw={600} size="sm">
                      {t(`activities.channels.${channel}.name`)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`activities.channels.${channel}.line`)}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        <TextInput
          label={t('activities.fields.name')}
          value={form.name}
          onChange={(event) => update({ name: event.currentTarget.value })}
          error={errorText('name')}
          required
          data-autofocus
          data-testid="new-activity-name"
        />
        <DateTimeField
          label={t('activities.fields.date')}
          description={`${t('activities.create.dateHint')} ${t('activities.schedule.inZone', { zone: timeZone })}`}
          value={form.date}
          onChange={(date) => update({ date })}
          clearable
        />
        {form.channel === 'email' && (
          <TemplatePicker value={form.templateUrl} onChange={(templateUrl) => update({ templateUrl })} />
        )}
        <RecordsError error={creating.error} testId="new-activity-error" />
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={creating.isPending} data-testid="create-activity">
            {t('activities.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `activity/new`: the campaign the activity belongs to, among those not archived, by name. */
function CampaignChooser({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (campaignId: number | null) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const campaigns = useRecords('campaign', {
    filter: { status: 'all' },
    sortKey: BY_NAME.field,
    sortOrder: BY_NAME.order,
    limit: CAMPAIGN_CHOICES,
    offset: 0,
  });
  return (
    <>
      <Select
        label={t('activities.create.campaign')}
        placeholder={t('activities.create.chooseCampaign')}
        data={(campaigns.data?.records ?? []).map((campaign) => ({
          value: String(campaign.id),
          label: campaign.name,
        }))}
        value={value === null ? null : String(value)}
        onChange={(next) => onChange(next === null ? null : Number(next))}
        error={error}
        searchable
        required
        nothingFoundMessage={t('activities.create.noCampaigns')}
        data-testid="new-activity-campaign"
      />
      <RecordsError error={campaigns.error} testId="new-activity-campaigns-error" />
    </>
  );
}
