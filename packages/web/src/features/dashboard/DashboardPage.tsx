import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { isHeadOfficeUser } from '@herald/protocol';
import { useTranslation } from 'react-i18next';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { RoleBadges } from '../organizations/RoleBadges.tsx';

/**
 * The organization's overview. For now it says where the user is and what they may do there; the real
 * dashboard (statistics, recent activity) comes with its own issue.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const current = useCurrentOrganization();
  if (!current) return null;
  const { organization } = current;
  return (
    <Stack>
      <Title order={1}>{t('dashboard.welcome', { organization: organization.name })}</Title>
      <Text c="dimmed">
        {isHeadOfficeUser(organization.partitionsets)
          ? t('dashboard.headOffice')
          : t('dashboard.partitioned')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg" component="section" aria-labelledby="dashboard-roles">
          <Title order={2} size="h4" id="dashboard-roles" mb="sm">
            {t('dashboard.roles')}
          </Title>
          <Group gap={4} data-testid="dashboard-roles">
            {organization.roles.length > 0 ? (
              <RoleBadges roles={organization.roles} />
            ) : (
              <Text>{t('dashboard.none')}</Text>
            )}
          </Group>
        </Card>
        <Card withBorder padding="lg" component="section" aria-labelledby="dashboard-capabilities">
          <Title order={2} size="h4" id="dashboard-capabilities" mb="sm">
            {t('dashboard.capabilities')}
          </Title>
          <Group gap={4} data-testid="dashboard-capabilities">
            {organization.capabilities.length > 0 ? (
              organization.capabilities.map((capability) => (
                <Badge key={capability} variant="outline" tt="none">
                  {t(`capabilities.${capability}`, { defaultValue: capability })}
                </Badge>
              ))
            ) : (
              <Text>{t('dashboard.none')}</Text>
            )}
          </Group>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
