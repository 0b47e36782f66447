import { Loader, Paper, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DEBOUNCE_MS } from '@herald/protocol';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorTypeOf } from '../../platform/channel/channelError.ts';
import { isUnknownCommand } from '../../platform/data/pendingCommands.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { closedDropdown, searchKeyDown, searchTerm } from './searchDropdown.ts';
import type { SearchDropdownState } from './searchDropdown.ts';
import { hitPath } from './searchGroups.ts';
import { useSearchGroups } from './useSearchGroups.ts';

/** Platform §8: a query cancelled by a newer one (the user typed on) is no failure. */
const isCancelled = (error: unknown) => errorTypeOf(error) === 'QueryCancelledError';

/** The search page of an organization, with the words to look for. */
export function searchPagePath(organizationId: number, term: string): string {
  return `/${organizationId}/search?q=${encodeURIComponent(term)}`;
}

/**
 * The header's global search (functional §2): words typed are sent 400 ms after the last key, and the
 * dropdown shows at most 10 results across campaigns, lists, audiences and subscribers, grouped by kind,
 * and "See all results", which opens the search page. Arrows move through every result of every group,
 * Enter opens, Escape closes.
 */
export function SearchBox({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [input, setInput] = useState('');
  const [dropdown, setDropdown] = useState<SearchDropdownState>(closedDropdown);
  const [debounced] = useDebouncedValue(input, DEBOUNCE_MS);
  const term = searchTerm(debounced);
  const results = useSearchGroups(term, 'search-dropdown');
  const groups = term ? results.groups : [];
  const hits = groups.flatMap((group) => group.hits);
  const open = dropdown.open && searchTerm(input) !== null;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const finish = () => {
    setDropdown(closedDropdown);
    inputRef.current?.blur();
  };
  const choose = (index: number) => {
    const hit = hits[index];
    if (!hit) return;
    finish();
    setInput('');
    void navigate(hitPath(organizationId, hit));
  };
  const seeAll = () => {
    const words = searchTerm(input);
    if (!words) return;
    finish();
    void navigate(searchPagePath(organizationId, words));
  };

  return (
    <div style={{ position: 'relative' }} data-testid="search-box">
      <TextInput
        ref={inputRef}
        aria-label={t('search.label')}
        type="search"
        placeholder={t('search.placeholder')}
        value={input}
        w={{ base: 160, md: 280 }}
        autoComplete="off"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && dropdown.active >= 0 ? optionId(dropdown.active) : undefined}
        rightSection={results.isFetching ? <Loader size="xs" /> : null}
        data-testid="search-input"
        onChange={(event) => {
          setInput(event.currentTarget.value);
          setDropdown({ open: true, active: -1 });
        }}
        onFocus={() => setDropdown((current) => ({ ...current, open: true }))}
        onBlur={() => setDropdown(closedDropdown)}
        onKeyDown={(event) => {
          if (!['ArrowDown', 'ArrowUp', 'Enter', 'Escape'].includes(event.key)) return;
          event.preventDefault();
          const next = searchKeyDown(dropdown, event.key, hits.length);
          setDropdown(next.state);
          if (next.action.kind === 'choose') choose(next.action.index);
          else if (next.action.kind === 'seeAll') seeAll();
        }}
      />
      {open && (
        <Paper
          withBorder
          shadow="md"
          p={4}
          style={{ position: 'absolute', top: '100%', left: 0, right: 0, zIndex: 300, minWidth: 280 }}
          data-testid="search-dropdown"
        >
          <div role="listbox" id={listId} aria-label={t('search.results')}>
            {!term || results.isPending ? (
              <Text size="sm" c="dimmed" p="xs">
                {t('search.searching')}
              </Text>
            ) : hits.length === 0 ? (
              <Text size="sm" c="dimmed" p="xs" data-testid="search-no-results">
                {results.error && !isUnknownCommand(results.error) && !isCancelled(results.error)
                  ? t('search.failed')
                  : t('search.noResults')}
              </Text>
            ) : (
              groups.map((group) => {
                const headingId = `${listId}-${group.kind}`;
                return (
                  <div
                    key={group.kind}
                    role="group"
                    aria-labelledby={headingId}
                    data-testid="search-group"
                    data-kind={group.kind}
                  >
                    <Text id={headingId} size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" pt={6}>
                      {t(`search.groups.${group.kind}`)}
                    </Text>
                    {group.hits.map((hit) => {
                      const index = hits.indexOf(hit);
                      return (
                        <Option
                          key={`${hit.kind}-${hit.id}`}
                          id={optionId(index)}
                          active={dropdown.active === index}
                          testId="search-result"
                          kind={hit.kind}
                          onChoose={() => choose(index)}
                        >
                          <Text size="sm" truncate>
                            {hit.title}
                          </Text>
                          {hit.detail !== null && (
                            <Text size="xs" c="dimmed" truncate>
                              {hit.detail}
                            </Text>
                          )}
                        </Option>
                      );
                    })}
                  </div>
                );
              })
            )}
            <Option
              id={optionId(hits.length)}
              active={dropdown.active === hits.length}
              testId="search-see-all"
              onChoose={seeAll}
            >
              <Text size="sm" fw={600}>
                {t('search.seeAll')}
              </Text>
            </Option>
          </div>
        </Paper>
      )}
    </div>
  );
}

function Option({
  id,
  active,
  testId,
  kind,
  onChoose,
  children,
}: {
  id: string;
  active: boolean;
  testId: string;
  kind?: string;
  onChoose: () => void;
  children: React.ReactNode;
}) {
  return (
    <UnstyledButton
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      data-testid={testId}
      data-kind={kind}
      display="block"
      w="100%"
      px="xs"
      py={6}
      style={{
        borderRadius: 4,
        background: active ? 'var(--mantine-color-blue-light)' : undefined,
      }}
      // Chosen before the input's blur closes the dropdown.
      onMouseDown={(event) => {
        event.preventDefault();
        onChoose();
      }}
    >
      {children}
    </UnstyledButton>
  );
}
