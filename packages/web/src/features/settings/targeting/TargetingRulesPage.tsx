import { Anchor, Badge, Code, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { useErrorText } from '../../../platform/alerts/useErrorText.ts';
import { errorTypeOf, isChannelError } from '../../../platform/channel/channelError.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { ListSkeleton, RecordsError } from '../../../platform/list/ListControls.tsx';
import { useRecords, useWriteRecords } from '../../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import { rulesByType, targetingRuleWrite } from './targetingRule.ts';

/** Rules are listed by channel type. */
const RULE_ORDER = 'type';

/**
 * Settings › Targeting rules (admin, functional §3): one rule per channel type, its switch and its target.
 * An enabled rule keeps activities of that type whose recipients fall outside it from non-admin approval.
 */
export default function TargetingRulesPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const organization = useCurrentOrganization();
  // Platform §2 lists one rule's page among the settings pages: `settings/targeting/{type}`.
  const base = `/${organization?.organizationId ?? ''}/settings/targeting`;
  const rules = useRecords('targetingRule', {
    limit: 10,
    offset: 0,
    sortKey: RULE_ORDER,
    sortOrder: 'asc',
  });
  const writing = useWriteRecords('targetingRule', {
    // The server says why (enabling without a target, say): its detail, else the catalogue's text.
    onError: (error) =>
      notifications.show({
        color: 'red',
        message:
          (isChannelError(error) && error.details?.[0]?.message) ||
          errorText(errorTypeOf(error) ?? 'ApplicationError', error.message),
      }),
  });

  return (
    <Stack data-testid="targeting-rules-page" aria-busy={rules.isFetching}>
      <Title order={1}>{t('targeting.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('targeting.hint')}
      </Text>
      <RecordsError error={rules.error} />
      {rules.isPending ? (
        <ListSkeleton view="list" />
      ) : (
        <Paper withBorder>
          <Table data-testid="targeting-rules-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('targeting.type')}</Table.Th>
                <Table.Th>{t('targeting.enabled')}</Table.Th>
                <Table.Th>{t('targeting.target')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rulesByType(rules.data?.records ?? []).map(({ type, rule }) => (
                <Table.Tr key={type} data-testid="targeting-rule-row" data-type={type}>
                  <Table.Td>
                    <Anchor component={Link} to={`${base}/${type}`}>
                      {t(`targeting.types.${type}`)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      checked={rule?.isEnabled ?? false}
                      disabled={!rule || writing.isPending}
                      onChange={(event) =>
                        rule &&
                        writing.mutate([
                          targetingRuleWrite(rule, {
                            isEnabled: event.currentTarget.checked,
                          }),
                        ])
                      }
                      aria-label={t('targeting.enabledFor', { type: t(`targeting.types.${type}`) })}
                      data-testid="targeting-rule-enabled"
                    />
                  </Table.Td>
                  <Table.Td>
                    {rule?.targetText ? (
                      <Code>{rule.targetText}</Code>
                    ) : (
                      <Badge variant="light" color="gray">
                        {t('targeting.noTarget')}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
