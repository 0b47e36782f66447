import {
  Alert,
  Anchor,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DEBOUNCE_MS, PAGE_LIMIT } from '@herald/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { isUnknownCommand } from '../../platform/data/pendingCommands.ts';
import { formatDate } from '../../platform/i18n/formatDateTime.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { campaignPath, readCampaigns } from './campaignRecords.ts';
import { searchTerm } from './searchDropdown.ts';
import { useCampaignQuery } from './useCampaignQuery.ts';

/** `/{organization}/search?q=…&page=…`: every result of a search, PAGE_LIMIT a page (campaigns for now). */
export default function SearchPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const current = useCurrentOrganization();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlTerm = searchParams.get('q') ?? '';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const [input, setInput] = useState(urlTerm);
  const [debounced] = useDebouncedValue(input, DEBOUNCE_MS);
  useEffect(() => setInput(urlTerm), [urlTerm]);
  useEffect(() => {
    if ((searchTerm(debounced) ?? '') === (searchTerm(urlTerm) ?? '')) return;
    setSearchParams(searchTerm(debounced) ? { q: debounced.trim() } : {}, { replace: true });
    // Only a new debounced input changes the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const term = searchTerm(urlTerm);
  const results = useCampaignQuery(
    term ? { search: term, limit: PAGE_LIMIT, offset: (page - 1) * PAGE_LIMIT, screen: 'search-page' } : null,
    {
      placeholderData: (previous) => previous,
    },
  );
  if (!current) return null;
  const campaigns = readCampaigns(results.data?.records ?? []);
  const total = results.data?.total ?? 0;
  return (
    <Stack>
      <Title order={1}>{t('search.title')}</Title>
      <TextInput
        type="search"
        label={t('search.label')}
        value={input}
        onChange={(event) => setInput(event.currentTarget.value)}
        data-testid="search-page-input"
        maw={480}
      />
      {!term ? (
        <Text c="dimmed">{t('search.prompt')}</Text>
      ) : results.isPending ? (
        <Stack gap="xs" aria-busy="true" data-testid="search-page-loading">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} h={24} />
          ))}
        </Stack>
      ) : results.isError && !isUnknownCommand(results.error) ? (
        <Alert color="red" data-testid="search-page-error">
          {errorText(results.error.type, results.error.message)}
        </Alert>
      ) : campaigns.length === 0 ? (
        <Text c="dimmed" data-testid="search-page-empty">
          {t('search.noResults')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="search-page-total">
            {t('search.total', { count: total })}
          </Text>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('search.name')}</Table.Th>
                <Table.Th>{t('search.type')}</Table.Th>
                <Table.Th>{t('search.start')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {campaigns.map((campaign) => (
                <Table.Tr key={campaign.id} data-testid="search-page-result" data-campaign-id={campaign.id}>
                  <Table.Td>
                    <Anchor component={Link} to={campaignPath(current.organizationId, campaign.id)}>
                      {campaign.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{t('search.campaign')}</Table.Td>
                  <Table.Td>{formatDate(campaign.startDate, i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {total > PAGE_LIMIT && (
            <Group>
              <Pagination
                total={Math.ceil(total / PAGE_LIMIT)}
                value={page}
                onChange={(next) => setSearchParams({ q: urlTerm, page: String(next) })}
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
