import { Anchor, Button, Group, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { targetIncludesListOrAudience } from '@herald/protocol';
import type { TargetNode } from '@herald/protocol';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useWriteRecords } from '../../platform/list/useRecords.ts';
import { TargetExpressionInput } from '../targets/TargetExpressionInput.tsx';
import { TargetWarningModal } from '../targets/TargetWarningModal.tsx';
import { newAudienceWrite, validateAudienceForm } from './audience.ts';
import type { AudienceForm } from './audience.ts';
import { useAudiencesContext } from './useAudiencesContext.ts';

/**
 * A new audience (`audiences/new`): name, description and target. A target without a list or audience asks
 * to confirm first (functional §5). Saved, the server queues its generation and the audience's page opens.
 */
export default function NewAudiencePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { base } = useAudiencesContext();
  const [form, setForm] = useState<AudienceForm>({ name: '', description: '', target: null });
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const errors = validateAudienceForm(form);
  const saving = useWriteRecords('audience', {
    onSuccess: ({ records }) => {
      showToast(t('audiences.created', { name: form.name.trim() }));
      const created = records[0];
      void navigate(created ? `${base}/audiences/view/${created.id}` : `${base}/audiences`);
    },
  });
  const update = (change: Partial<AudienceForm>) => setForm((current) => ({ ...current, ...change }));
  const save = (target: TargetNode) => {
    setConfirming(false);
    saving.mutate([newAudienceWrite({ ...form, target })]);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || form.target === null || saving.isPending) return;
    if (targetIncludesListOrAudience(form.target)) save(form.target);
    else setConfirming(true);
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="new-audience-form">
      <Stack>
        <Anchor component={Link} to={`${base}/audiences`} size="sm">
          {t('audiences.backToAudiences')}
        </Anchor>
        <Title order={1}>{t('audiences.newTitle')}</Title>
        <RecordsError error={saving.error} testId="new-audience-error" />
        <TextInput
          label={t('audiences.fields.name')}
          value={form.name}
          onChange={(event) => update({ name: event.currentTarget.value })}
          error={submitted && errors.name ? t(`audiences.errors.${errors.name}`) : undefined}
          required
          maxLength={200}
          data-autofocus
        />
        <Textarea
          label={t('audiences.fields.description')}
          value={form.description}
          onChange={(event) => update({ description: event.currentTarget.value })}
          autosize
          minRows={2}
          maxLength={5000}
        />
        <TargetExpressionInput
          label={t('audiences.fields.target')}
          value={form.target}
          onChange={(target) => update({ target })}
          error={submitted && errors.target ? t('audiences.errors.targetRequired') : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={`${base}/audiences`}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving.isPending} data-testid="audience-save">
            {t('audiences.create')}
          </Button>
        </Group>
      </Stack>
      <TargetWarningModal
        opened={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => form.target && save(form.target)}
      />
    </form>
  );
}
