import type { WorkflowAction, WorkflowParticipant } from '@herald/protocol';
import { ActionIcon, Button, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';

interface ParticipantsProps {
  participants: readonly WorkflowParticipant[];
  allowed: readonly WorkflowAction[];
  pending: boolean;
  onAdd: (email: string) => void;
  onRemove: (userId: number) => void;
}

/**
 * The activity's participants (docs/workflow.md § Decisions): people of the organization who follow it and
 * comment. Those who may edit add one by e-mail and remove one; the server names who cannot be added, in the
 * catalogue's words.
 */
export function Participants({ participants, allowed, pending, onAdd, onRemove }: ParticipantsProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const mayAdd = allowed.includes('addParticipant');
  const mayRemove = allowed.includes('removeParticipant');
  return (
    <Stack gap="xs" data-testid="workflow-participants">
      <Title order={3} size="h5">
        {t('workflow.participants.title')}
      </Title>
      {participants.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('workflow.participants.empty')}
        </Text>
      ) : (
        <List size="sm" listStyleType="none" spacing={4}>
          {participants.map((participant) => (
            <List.Item key={participant.userId} data-testid="workflow-participant">
              <Group gap="xs">
                <Text size="sm">{participant.name || participant.email}</Text>
                {participant.name && participant.name !== participant.email && (
                  <Text size="xs" c="dimmed">
                    {participant.email}
                  </Text>
                )}
                {mayRemove && (
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    color="red"
                    disabled={pending}
                    aria-label={t('workflow.participants.remove', { name: participant.email })}
                    onClick={() => onRemove(participant.userId)}
                  >
                    ×
                  </ActionIcon>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {mayAdd && (
        <Group
          component="form"
          align="flex-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (email.trim() === '') return;
            onAdd(email.trim());
            setEmail('');
          }}
        >
          <TextInput
            style={{ flex: 1 }}
            type="email"
            label={t('workflow.participants.email')}
            value={email}
            maxLength={320}
            onChange={(event) => setEmail(event.currentTarget.value)}
            data-testid="workflow-participant-email"
          />
          <Button type="submit" size="sm" variant="light" disabled={pending || email.trim() === ''}>
            {t('workflow.participants.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
