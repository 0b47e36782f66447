import { Alert, Anchor, Group, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DEBOUNCE_MS, PAGE_LIMIT } from '@herald/protocol';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { errorTypeOf } from '../../platform/channel/channelError.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { searchTerm } from './searchDropdown.ts';
import { hitPath } from './searchGroups.ts';
import type { SearchKind } from './searchGroups.ts';
import { useSearchGroups } from './useSearchGroups.ts';

/** Each kind's own list screen, where every match of the words can be paged through (its `search` param). */
const KIND_LIST_PATHS: Readonly<Record<SearchKind, string>> = {
  campaign: 'campaigns',
  list: 'subscribers',
  audience: 'audiences',
  subscriber: 'subscribers/all',
};

/**
 * `/{organization}/search?q=…`: the header search's "See all results". The first PAGE_LIMIT matches of each
 * kind, grouped, each group with its total and a link to the kind's own list, searched for the same words,
 * to page through the rest.
 */
export default function SearchPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const current = useCurrentOrganization();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlTerm = searchParams.get('q') ?? '';
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
  const results = useSearchGroups(term, 'search-page', { limit: PAGE_LIMIT, share: false });
  if (!current) return null;
  const organizationId = current.organizationId;
  const failure = errorTypeOf(results.error);
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
      ) : results.error && failure !== 'QueryCancelledError' ? (
        <Alert color="red" data-testid="search-page-error">
          {errorText(
            failure ?? 'ApplicationError',
            results.error instanceof Error ? results.error.message : undefined,
          )}
        </Alert>
      ) : results.groups.length === 0 ? (
        <Text c="dimmed" data-testid="search-page-empty">
          {t('search.noResults')}
        </Text>
      ) : (
        results.groups.map((group) => {
          const total = results.totals.get(group.kind) ?? group.hits.length;
          const headingId = `search-page-${group.kind}`;
          return (
            <Stack key={group.kind} gap="xs" component="section" aria-labelledby={headingId}>
              <Group justify="space-between" align="baseline">
                <Title order={2} size="h4" id={headingId}>
                  {t(`search.groups.${group.kind}`)}
                </Title>
                <Text size="sm" c="dimmed" data-testid="search-page-total" data-kind={group.kind}>
                  {results.estimated.has(group.kind)
                    ? t('search.totalEstimate', { count: total })
                    : t('search.total', { count: total })}
                </Text>
              </Group>
              <Table striped>
                <Table.Tbody>
                  {group.hits.map((hit) => (
                    <Table.Tr
                      key={hit.id}
                      data-testid="search-page-result"
                      data-kind={hit.kind}
                      data-record-id={hit.id}
                    >
                      <Table.Td>
                        <Anchor component={Link} to={hitPath(organizationId, hit)}>
                          {hit.title}
                        </Anchor>
                      </Table.Td>
                      <Table.Td c="dimmed">{hit.detail ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {total > group.hits.length && (
                <Anchor
                  component={Link}
                  to={`/${organizationId}/${KIND_LIST_PATHS[group.kind]}?search=${encodeURIComponent(term)}`}
                  size="sm"
                  data-testid="search-page-more"
                >
                  {t('search.showAll', { kind: t(`search.groups.${group.kind}`) })}
                </Anchor>
              )}
            </Stack>
          );
        })
      )}
    </Stack>
  );
}
