import { Alert, Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { checkAccess } from '@herald/protocol';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { formatDateTime } from '../../platform/i18n/formatDateTime.ts';
import { ListSkeleton, RecordsError } from '../../platform/list/ListControls.tsx';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { TemplatePackageUpload } from './TemplatePackageUpload.tsx';
import { useTemplateList } from './useTemplateList.ts';

/**
 * Settings › Templates (functional §2, §3): the organization's templates by name, native (MJML, `v5_`) or not,
 * their version and when they were imported; content editors upload packages here.
 */
export default function TemplatesPage() {
  const { t, i18n } = useTranslation();
  const organization = useCurrentOrganization();
  const canImport = organization
    ? checkAccess({ capabilities: ['content-edit'] }, organization.access)
    : false;
  const { templates, fromCache, live, problem } = useTemplateList();

  return (
    <Stack data-testid="templates-page" aria-busy={live.isFetching}>
      <Title order={1}>{t('templates.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('templates.hint')}
      </Text>
      {canImport && <TemplatePackageUpload />}
      <RecordsError error={problem} testId="templates-error" />
      {fromCache && (
        <Text size="xs" c="dimmed" data-testid="templates-from-cache">
          {t('templates.fromCache')}
        </Text>
      )}
      {!templates ? (
        <ListSkeleton view="list" />
      ) : templates.length === 0 ? (
        <Alert color="gray" data-testid="templates-empty">
          {t('templates.empty')}
        </Alert>
      ) : (
        <Paper withBorder>
          <Table data-testid="templates-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('templates.name')}</Table.Th>
                <Table.Th>{t('templates.kind')}</Table.Th>
                <Table.Th>{t('templates.version')}</Table.Th>
                <Table.Th>{t('templates.importedAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {templates.map((template) => (
                <Table.Tr key={template.id} data-testid="template-row" data-url={template.url}>
                  <Table.Td>
                    <Text fw={600}>{template.name}</Text>
                    {template.description && (
                      <Text size="xs" c="dimmed">
                        {template.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={template.isNative ? 'blue' : 'gray'}>
                      {template.isNative ? t('templates.native') : t('templates.html')}
                    </Badge>
                    {template.isStarter && (
                      <Badge variant="outline" color="green" ml="xs">
                        {t('templates.starter')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{template.version}</Table.Td>
                  <Table.Td>{formatDateTime(template.createdAt, i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
