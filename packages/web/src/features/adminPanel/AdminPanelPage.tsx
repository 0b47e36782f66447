import {
  Alert,
  Anchor,
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { isHeadOfficeUser } from '@herald/protocol';
import { Link } from 'react-router';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { useCommand } from '../../platform/data/useCommand.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { useAdminParams } from '../settings/useAdminCommand.ts';
import { AdminFigures } from './AdminFigures.tsx';
import { TimeZoneCard } from './TimeZoneCard.tsx';

/**
 * `/{organization}/admin-panel`, for administrators (route `requires` admin; guard 5 sends others to the
 * dashboard with 'Access not allowed'): the organization's facts, the way to its administration pages, how
 * many messages wait in the outbox, its time zone, and the administrative figures (users, partitions, sign-ins,
 * changes).
 */
export default function AdminPanelPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const current = useCurrentOrganization();
  const { sessionChannel } = usePlatform();
  const params = useAdminParams();
  const outbox = useCommand(sessionChannel, 'getOutbox', params ? { ...params, limit: 1, offset: 0 } : null);
  if (!current) return null;
  const { organization, organizationId } = current;
  const base = `/${organizationId}/settings`;
  const links = [
    { to: `${base}/users`, label: t('settings.users.title'), testId: 'admin-panel-users' },
    { to: `${base}/access`, label: t('settings.access.title'), testId: 'admin-panel-access' },
    { to: `${base}/security`, label: t('settings.security.title'), testId: 'admin-panel-security' },
  ];
  return (
    <Stack>
      <Title order={1}>{t('adminPanel.title')}</Title>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Paper
          withBorder
          p="md"
          component="section"
          aria-labelledby="admin-panel-facts"
          data-testid="admin-panel-facts"
        >
          <Title order={2} size="h4" id="admin-panel-facts" mb="sm">
            {t('adminPanel.organization')}
          </Title>
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>{t('adminPanel.name')}</Table.Th>
                <Table.Td data-testid="admin-panel-name">{organization.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('adminPanel.id')}</Table.Th>
                <Table.Td data-testid="admin-panel-id">{organizationId}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                {/* The viewer's own reach, not the organization's: it has partition sets either way. */}
                <Table.Th>{t('adminPanel.yourAccess')}</Table.Th>
                <Table.Td data-testid="admin-panel-your-access">
                  {isHeadOfficeUser(organization.partitionsets)
                    ? t('adminPanel.headOfficeAccess')
                    : t('adminPanel.partitionSetAccess', { sets: organization.partitionsets.join(', ') })}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('adminPanel.yourRoles')}</Table.Th>
                <Table.Td>
                  <Group gap={4}>
                    {organization.roles.map((role) => (
                      <Badge key={role} variant="light" tt="none">
                        {t(`roles.${role}`, { defaultValue: role })}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="admin-panel-pages">
          <Title order={2} size="h4" id="admin-panel-pages" mb="sm">
            {t('adminPanel.administration')}
          </Title>
          <Stack gap="xs">
            {links.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} data-testid={link.testId}>
                {link.label}
              </Anchor>
            ))}
          </Stack>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="admin-panel-outbox">
          <Title order={2} size="h4" id="admin-panel-outbox" mb="sm">
            {t('adminPanel.outbox')}
          </Title>
          {outbox.isPending ? (
            <Skeleton h={36} w={80} />
          ) : outbox.isError ? (
            <Alert color="red">{errorText(outbox.error.type, outbox.error.message)}</Alert>
          ) : (
            <Text fz={32} fw={700} data-testid="admin-panel-outbox-count">
              {outbox.data.total}
            </Text>
          )}
          <Text size="sm" c="dimmed" mb="xs">
            {t('adminPanel.outboxHint')}
          </Text>
          <Anchor component={Link} to={`${base}/security`}>
            {t('adminPanel.openOutbox')}
          </Anchor>
        </Paper>
      </SimpleGrid>
      <TimeZoneCard />
      <AdminFigures current={current} />
    </Stack>
  );
}
