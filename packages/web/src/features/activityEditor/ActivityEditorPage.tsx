import { activityContentFromTemplate, type Channel, type EmailContent } from '@herald/protocol';
import { Alert, Badge, Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { useCommandMutation } from '../../platform/data/useCommand.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useRecord, useRecords } from '../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { CheckPanel } from '../activities/workflow/CheckPanel.tsx';
import type { ChannelContents } from './channels/channelEditor.ts';
import { channelEditors } from './channels/registry.ts';
import { EmailEditor } from './email/EmailEditor.tsx';
import { starterEmail } from './email/starterEmail.ts';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard.ts';

type OtherChannel = Exclude<Channel, 'email'>;

/**
 * `activity/editor/{id}` (and its campaign alias): the native editor. It loads the activity and its latest
 * revision, holds the draft, and saves it as a new revision (Save, Ctrl/Cmd+S), warning before unsaved
 * changes are lost. E-mail has the block editor; the other channels' editors come from channels/registry.ts.
 * The check panel (checks and proofs of the saved revision) folds out above the editor.
 */
export default function ActivityEditorPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const organization = useCurrentOrganization();
  const { id: idText } = useParams();
  const id = idText && /^\d+$/.test(idText) ? Number(idText) : null;
  const activityResult = useRecord('activity', id);
  const activity = activityResult.record;
  const revisions = useRecords(
    'activityRevision',
    id === null ? null : { filter: { activityId: id }, limit: 1, offset: 0 },
  );
  const [draft, setDraft] = useState<unknown>(undefined);
  // The content the editor started from, fixed once loaded: a live push of the saved revision does not reset it.
  const [initial, setInitial] = useState<unknown>(undefined);
  const [checksOpen, setChecksOpen] = useState(false);
  const save = useCommandMutation(organization!.channel, 'saveActivityRevision');
  useUnsavedChangesGuard(draft !== undefined, t('emailEditor.unsavedQuestion'));

  const revisionsLoaded = activity !== undefined && !revisions.isPending;
  const type = activity?.type as Channel | undefined;
  const saved = revisionsLoaded && type ? revisions.data?.records[0]?.content.channels[type] : undefined;
  // A new e-mail made from a template (functional §3 Template) starts from the template's production code.
  const templateUrl =
    revisionsLoaded && type === 'email' && saved === undefined && activity.templateUrl
      ? activity.templateUrl
      : null;
  const template = useRecords(
    'templateContent',
    templateUrl ? { filter: { templateUrl }, limit: 1, offset: 0 } : null,
  );
  const loaded = revisionsLoaded && (templateUrl === null || !template.isPending);
  const fromTemplate = template.data?.records[0];
  if (loaded && type && initial === undefined) {
    const entry = type === 'email' ? undefined : channelEditors[type as OtherChannel];
    const starting =
      saved ??
      (type === 'email' && templateUrl && fromTemplate
        ? activityContentFromTemplate(fromTemplate, { subject: activity.name }).channels.email
        : undefined) ??
      (type === 'email'
        ? starterEmail(activity.name, {
            greeting: t('emailEditor.starter.greeting'),
            body: t('emailEditor.starter.body'),
            button: t('emailEditor.starter.button'),
            footer: t('emailEditor.starter.footer'),
            unsubscribe: t('emailEditor.starter.unsubscribe'),
            viewOnline: t('emailEditor.starter.viewOnline'),
          })
        : entry?.starting(activity.name));
    if (starting !== undefined) setInitial(starting);
  }
  const content = draft ?? initial;

  const doSave = useCallback(() => {
    if (!activity || content === undefined || save.isPending) return;
    save.mutate(
      {
        organizationId: organization!.organizationId,
        activityId: activity.id,
        content: { schemaVersion: 3, channels: { [activity.type]: content } as Partial<ChannelContents> },
      },
      {
        onSuccess: () => {
          setDraft(undefined);
          showToast(t('emailEditor.saved'));
        },
      },
    );
  }, [activity, content, organization, save, t]);
  const saveRef = useRef(doSave);
  useEffect(() => {
    saveRef.current = doSave;
  }, [doSave]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (id === null) return <Alert color="red">{errorText('ActivityIdNotValidError')}</Alert>;
  if (activityResult.isError || (activityResult.data && !activity))
    return <Alert color="red">{errorText('ActivityNotFoundError')}</Alert>;
  if (!activity || revisions.isPending || content === undefined)
    return <Skeleton height={200} data-testid="activity-editor-loading" />;
  const readOnly = activity.isArchived;
  const entry = type === 'email' ? undefined : channelEditors[type as OtherChannel];
  const OtherEditor = entry?.Editor as
    | React.ComponentType<{
        activity: typeof activity;
        content: unknown;
        onChange: (content: unknown) => void;
        readOnly: boolean;
      }>
    | undefined;
  return (
    <Stack data-testid="activity-editor">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={1}>{activity.name}</Title>
          {draft !== undefined && (
            <Badge color="orange" variant="light" data-testid="unsaved-badge">
              {t('emailEditor.unsaved')}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            aria-expanded={checksOpen}
            onClick={() => setChecksOpen((open) => !open)}
            data-testid="editor-checks-toggle"
          >
            {t('workflow.checks.title')}
          </Button>
          <Button disabled={draft === undefined || readOnly} loading={save.isPending} onClick={doSave}>
            {t('emailEditor.save')}
          </Button>
        </Group>
      </Group>
      {checksOpen && <CheckPanel activity={activity} unsaved={draft !== undefined} />}
      {save.error && <Alert color="red">{errorText(save.error.type, save.error.message)}</Alert>}
      {type === 'email' ? (
        <EmailEditor
          activity={activity}
          content={content as EmailContent}
          onChange={setDraft}
          readOnly={readOnly}
        />
      ) : OtherEditor ? (
        <OtherEditor activity={activity} content={content} onChange={setDraft} readOnly={readOnly} />
      ) : (
        <Alert>{activity.type}</Alert>
      )}
    </Stack>
  );
}
