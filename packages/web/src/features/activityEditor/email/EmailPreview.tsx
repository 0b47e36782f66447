import { Alert, Badge, Button, Group, List, Select, Stack, Text, TextInput } from '@mantine/core';
import type { RenderedPreview } from '@herald/protocol';
import { useState, type FormEvent } from 'react';
import { useErrorText } from '../../../platform/alerts/useErrorText.ts';
import type { ChannelError } from '../../../platform/channel/channelError.ts';
import { useCommand } from '../../../platform/data/useCommand.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { useRecords } from '../../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import { PreviewFrame } from './PreviewFrame.tsx';
import { previewAsValue, type PreviewAs } from './previewRecipient.ts';
import { sizeLevel } from './useEmailPreview.ts';

export const DESKTOP_WIDTH = 600;
export const MOBILE_WIDTH = 375;

interface EmailPreviewProps {
  preview: { data?: RenderedPreview | undefined; error: ChannelError | null; isFetching: boolean };
  as: PreviewAs;
  onAs: (as: PreviewAs) => void;
  variation: number;
  onVariation: (variation: number) => void;
  combinations: number;
}

/** The preview bar (whom, which version, problems, size) and the desktop and mobile previews side by side. */
export function EmailPreview({ preview, as, onAs, variation, onVariation, combinations }: EmailPreviewProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const html = preview.data?.html ?? '';
  return (
    <Stack gap="xs" data-testid="email-preview">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <RecipientChooser as={as} onAs={onAs} />
        <Select
          label={t('emailEditor.preview.version')}
          w={180}
          data={Array.from({ length: Math.min(combinations, 1000) }, (_, n) => ({
            value: String(n),
            label:
              n === 0 ? t('emailEditor.preview.original') : t('emailEditor.preview.versionNumber', { n }),
          }))}
          value={String(Math.min(variation, combinations - 1))}
          onChange={(value) => onVariation(Number(value ?? 0))}
          allowDeselect={false}
          disabled={combinations < 2}
        />
        {preview.data && <SizeBadge bytes={preview.data.sizeBytes} />}
        {preview.isFetching && (
          <Text size="xs" c="dimmed">
            {t('emailEditor.preview.updating')}
          </Text>
        )}
      </Group>
      {preview.data?.subject !== undefined && (
        <Text size="sm" data-testid="preview-subject">
          <Text span fw={600}>
            {t('emailEditor.preview.subject')}
          </Text>{' '}
          {preview.data.subject}
        </Text>
      )}
      {preview.error && (
        <Alert color="red" title={t('emailEditor.preview.failed')}>
          {errorText(preview.error.type, preview.error.message)}
        </Alert>
      )}
      {preview.data && preview.data.errors.length > 0 && (
        <Alert color="orange" title={t('emailEditor.preview.problems')} data-testid="preview-errors">
          <List size="sm">
            {preview.data.errors.map((error, index) => (
              <List.Item key={index}>
                {t('emailEditor.preview.problem', {
                  part: error.part ? t(`emailEditor.parts.${error.part}`, { defaultValue: error.part }) : '',
                  line: error.line === undefined ? '' : t('emailEditor.preview.line', { line: error.line }),
                  message: error.message,
                })}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group align="flex-start" gap="md" wrap="wrap">
        <PreviewFrame
          html={html}
          width={DESKTOP_WIDTH}
          title={t('emailEditor.preview.desktopFrame')}
          label={t('emailEditor.preview.desktop', { width: DESKTOP_WIDTH })}
        />
        <PreviewFrame
          html={html}
          width={MOBILE_WIDTH}
          title={t('emailEditor.preview.mobileFrame')}
          label={t('emailEditor.preview.mobile', { width: MOBILE_WIDTH })}
        />
      </Group>
    </Stack>
  );
}

function SizeBadge({ bytes }: { bytes: number }) {
  const { t } = useTranslation();
  const level = sizeLevel(bytes);
  const size = `${(bytes / 1024).toFixed(1)} KB`;
  return (
    <Badge
      color={level === 'failure' ? 'red' : level === 'warning' ? 'orange' : 'gray'}
      variant="light"
      data-testid="preview-size"
      data-level={level}
    >
      {t(`emailEditor.preview.size.${level}`, { size })}
    </Badge>
  );
}

/** Test profiles ("Your account" first, then by name), the sample recipient, or a subscriber found by address. */
function RecipientChooser({ as, onAs }: { as: PreviewAs; onAs: (as: PreviewAs) => void }) {
  const { t } = useTranslation();
  const organization = useCurrentOrganization()!;
  const profiles = useCommand(organization.channel, 'listTestProfiles', {
    organizationId: organization.organizationId,
  });
  const [address, setAddress] = useState('');
  const [sought, setSought] = useState<string | null>(null);
  const found = useRecords(
    'subscriber',
    sought === null ? null : { filter: { email: sought }, limit: 10, offset: 0 },
  );
  const match = found.data?.records.find((record) => record.email?.toLowerCase() === sought?.toLowerCase());
  const [announced, setAnnounced] = useState<string | null>(null);
  if (sought !== null && found.data && announced !== sought) {
    setAnnounced(sought);
    if (match) onAs({ kind: 'subscriber', subscriberId: match.id, email: match.email ?? sought });
  }
  const options = [
    { value: 'sample', label: t('emailEditor.preview.sample') },
    ...(profiles.data?.testProfiles ?? []).map((profile) => ({
      value: `profile:${profile.userId}`,
      label: profile.isYours ? t('emailEditor.preview.yourAccount') : profile.name,
    })),
    ...(as.kind === 'subscriber' ? [{ value: previewAsValue(as), label: as.email }] : []),
  ];
  const find = (event: FormEvent) => {
    event.preventDefault();
    const email = address.trim();
    if (email) setSought(email);
  };
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <Select
        label={t('emailEditor.preview.as')}
        w={220}
        data={options}
        value={previewAsValue(as)}
        allowDeselect={false}
        onChange={(value) => {
          if (!value || value === 'sample') onAs({ kind: 'sample' });
          else if (value.startsWith('profile:'))
            onAs({ kind: 'testProfile', userId: Number(value.slice(8)) });
        }}
      />
      <form onSubmit={find}>
        <Group align="flex-end" gap={4}>
          <TextInput
            label={t('emailEditor.preview.findSubscriber')}
            placeholder={t('emailEditor.preview.findPlaceholder')}
            type="email"
            value={address}
            onChange={(event) => setAddress(event.currentTarget.value)}
            error={
              sought !== null && found.data && !match ? t('emailEditor.preview.noSubscriber') : undefined
            }
          />
          <Button type="submit" variant="default" loading={found.isFetching}>
            {t('emailEditor.preview.find')}
          </Button>
        </Group>
      </form>
    </Group>
  );
}
