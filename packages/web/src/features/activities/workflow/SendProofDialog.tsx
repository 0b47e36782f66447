import type { ActivityRecord, ProofSent, TestProfileEntry } from '@herald/protocol';
import { Alert, Button, Group, List, Modal, MultiSelect, Stack, Table, TagsInput, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorTypeOf, isChannelError } from '../../../platform/channel/channelError.ts';
import { useCommand, useCommandMutation } from '../../../platform/data/useCommand.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../../platform/list/ListControls.tsx';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import { cleanProofEmails, proofProblemLines, proofRecipientProblems } from './proofRecipients.ts';
import { versionName } from './versionName.ts';
import { PROOF_RECIPIENTS_AT_MOST } from './workflowConstants.ts';

/**
 * Send a proof (docs/workflow.md § Proofs): typed addresses (personalized as the sample recipient) and chosen
 * test profiles (each personalized as itself), at most PROOF_RECIPIENTS_AT_MOST together. The proofs go through
 * the outbox; the dialog then lists each one sent, to whom and personalized as whom.
 */
export function SendProofDialog({
  activity,
  opened,
  onClose,
}: {
  activity: ActivityRecord;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('workflow.proofs.title', { name: activity.name })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* Mounted while open only, so each opening starts empty. */}
      {opened && <SendProofForm activity={activity} onClose={onClose} />}
    </Modal>
  );
}

function profileLabel(t: (key: string) => string, profile: TestProfileEntry): string {
  const name = profile.isYours ? t('workflow.proofs.yourAccount') : profile.name;
  return profile.email ? `${name} <${profile.email}>` : `${name} (${t('workflow.proofs.noAddress')})`;
}

function SendProofForm({ activity, onClose }: { activity: ActivityRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const organization = useCurrentOrganization()!;
  const profiles = useCommand(organization.channel, 'listTestProfiles', {
    organizationId: organization.organizationId,
  });
  const [tags, setTags] = useState<string[]>([]);
  const [profileIds, setProfileIds] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const send = useCommandMutation(organization.channel, 'workflow');
  const emails = cleanProofEmails(tags);
  const testProfileIds = profileIds.map(Number);
  const problems = proofRecipientProblems({ emails, testProfileIds });
  const entries = profiles.data?.testProfiles ?? [];
  const nameOf = (id: number) => {
    const entry = entries.find((profile) => profile.userId === id);
    return entry && (entry.isYours ? t('workflow.proofs.yourAccount') : entry.name);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.invalidEmails.length > 0 || problems.empty || problems.overLimit || send.isPending) return;
    send.mutate({
      organizationId: organization.organizationId,
      activityId: activity.id,
      action: 'proof',
      ...(emails.length > 0 ? { emails } : {}),
      ...(testProfileIds.length > 0 ? { testProfileIds } : {}),
    });
  };

  const sent = send.data?.proofs;
  if (sent) return <SentProofs proofs={sent} onClose={onClose} onAgain={() => send.reset()} />;
  const details =
    isChannelError(send.error) && errorTypeOf(send.error) === 'ValidationError'
      ? (send.error.details ?? [])
      : [];
  const addressError =
    problems.invalidEmails.length > 0
      ? t('workflow.proofs.invalidEmails', { emails: problems.invalidEmails.join(', ') })
      : undefined;
  return (
    <form onSubmit={submit} noValidate data-testid="send-proof-dialog">
      <Stack>
        <TagsInput
          label={t('workflow.proofs.emails')}
          description={t('workflow.proofs.emailsHint')}
          value={tags}
          onChange={setTags}
          splitChars={[',', ' ', ';']}
          clearable
          clearButtonProps={{ 'aria-label': t('workflow.proofs.clearEmails') }}
          error={addressError}
          data-testid="proof-emails"
          data-autofocus
        />
        <MultiSelect
          label={t('workflow.proofs.profiles')}
          description={t('workflow.proofs.profilesHint')}
          data={entries.map((profile) => ({
            value: String(profile.userId),
            label: profileLabel(t, profile),
            disabled: !profile.email,
          }))}
          value={profileIds}
          onChange={setProfileIds}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': t('workflow.proofs.clearProfiles') }}
          nothingFoundMessage={t('workflow.proofs.noProfiles')}
          comboboxProps={{ withinPortal: true }}
          data-testid="proof-profiles"
        />
        <RecordsError error={profiles.error} />
        <Text
          size="sm"
          c={problems.overLimit ? 'red' : 'dimmed'}
          data-testid="proof-count"
          role={problems.overLimit ? 'alert' : undefined}
        >
          {t('workflow.proofs.count', {
            count: new Set(emails).size + new Set(testProfileIds).size,
            limit: PROOF_RECIPIENTS_AT_MOST,
          })}
        </Text>
        {tried && problems.empty && (
          <Alert color="red" role="alert" data-testid="proof-nobody">
            {t('workflow.proofs.nobody')}
          </Alert>
        )}
        <RecordsError error={send.error} testId="proof-error" />
        {details.length > 0 && (
          <List size="sm" data-testid="proof-error-details">
            {proofProblemLines(details, { emails, testProfileIds }, nameOf).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending} data-testid="proof-send">
            {t('workflow.proofs.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The answer's proofs: each to whom, personalized as whom, which version, its subject and any render problems. */
function SentProofs({
  proofs,
  onClose,
  onAgain,
}: {
  proofs: ProofSent[];
  onClose: () => void;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack data-testid="proof-sent">
      <Alert color="green" role="status">
        {t('workflow.proofs.sent', { count: proofs.length })}
      </Alert>
      <Table data-testid="proof-sent-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('workflow.proofs.to')}</Table.Th>
            <Table.Th scope="col">{t('workflow.proofs.renderedAs')}</Table.Th>
            <Table.Th scope="col">{t('workflow.proofs.subject')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {proofs.map((proof) => (
            <Table.Tr key={proof.outboxId} data-outbox-id={proof.outboxId}>
              <Table.Td>{proof.to}</Table.Td>
              <Table.Td>
                {proof.renderedAs} · {versionName(t, proof.variation)}
              </Table.Td>
              <Table.Td>
                {proof.subject}
                {proof.errors.length > 0 && (
                  <List size="xs" c="red" data-testid="proof-sent-errors">
                    {proof.errors.map((error, index) => (
                      <List.Item key={index}>{error.message}</List.Item>
                    ))}
                  </List>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Button variant="default" onClick={onAgain} data-testid="proof-again">
          {t('workflow.proofs.again')}
        </Button>
        <Button onClick={onClose} data-testid="proof-done">
          {t('common.close')}
        </Button>
      </Group>
    </Stack>
  );
}
