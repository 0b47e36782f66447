import { Alert, Anchor, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { TargetNode, TargetingRuleType } from '@herald/protocol';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { showToast } from '../../../platform/alerts/toast.ts';
import { useErrorText } from '../../../platform/alerts/useErrorText.ts';
import { errorTypeOf, isChannelError } from '../../../platform/channel/channelError.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../../platform/list/ListControls.tsx';
import { useRecords, useWriteRecords } from '../../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import { TargetExpressionInput } from '../../targets/TargetExpressionInput.tsx';
import { sameTarget } from '../../targets/targetText.ts';
import { ruleTypeFromPath, targetingRuleWrite } from './targetingRule.ts';
import type { TargetingRule } from './targetingRule.ts';

/** One targeting rule (`settings/targeting/{type}`): its switch and its target, edited with the builder. */
export default function TargetingRulePage() {
  const { t } = useTranslation();
  const type = ruleTypeFromPath(useParams().type);
  const organization = useCurrentOrganization();
  const back = `/${organization?.organizationId ?? ''}/settings/targeting`;
  const rules = useRecords('targetingRule', type === null ? null : { filter: { type }, limit: 1, offset: 0 });
  const rule = rules.data?.records.find((record) => record.type === type);
  if (type === null || (!rule && rules.isSuccess)) {
    return (
      <Alert color="yellow" data-testid="targeting-rule-not-found">
        <Stack gap="xs">
          <Text size="sm">{t('targeting.notFound')}</Text>
          <Anchor component={Link} to={back} size="sm">
            {t('targeting.back')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  if (!rule)
    return rules.error ? <RecordsError error={rules.error} /> : <Text c="dimmed">{t('app.loading')}</Text>;
  return <TargetingRuleForm key={rule.id} rule={rule} type={type} back={back} />;
}

function TargetingRuleForm({
  rule,
  type,
  back,
}: {
  rule: TargetingRule;
  type: TargetingRuleType;
  back: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [isEnabled, setIsEnabled] = useState(rule.isEnabled);
  const [target, setTarget] = useState<TargetNode | null>(rule.target);
  const saving = useWriteRecords('targetingRule', {
    onSuccess: () => showToast(t('targeting.saved', { type: t(`targeting.types.${type}`) })),
  });
  const changed = isEnabled !== rule.isEnabled || !sameTarget(target, rule.target);
  // The server's own reason (a rule enabled without a target): its detail, else the catalogue's text.
  const error = saving.error
    ? (isChannelError(saving.error) && saving.error.details?.[0]?.message) ||
      errorText(errorTypeOf(saving.error) ?? 'ApplicationError', saving.error.message)
    : null;

  return (
    <Stack data-testid="targeting-rule-page">
      <Anchor component={Link} to={back} size="sm">
        {t('targeting.back')}
      </Anchor>
      <Title order={1}>{t('targeting.ruleTitle', { type: t(`targeting.types.${type}`) })}</Title>
      <Paper withBorder p="md">
        <Stack>
          <Switch
            label={t('targeting.enabled')}
            description={t('targeting.enabledHint')}
            checked={isEnabled}
            onChange={(event) => setIsEnabled(event.currentTarget.checked)}
            data-testid="targeting-rule-enabled"
          />
          <TargetExpressionInput label={t('targeting.target')} value={target} onChange={setTarget} />
          {error && (
            <Alert color="red" role="alert" data-testid="targeting-rule-error">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={back}>
              {t('common.cancel')}
            </Button>
            <Button
              disabled={!changed}
              loading={saving.isPending}
              onClick={() => saving.mutate([targetingRuleWrite(rule, { isEnabled, target })])}
              data-testid="targeting-rule-save"
            >
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
