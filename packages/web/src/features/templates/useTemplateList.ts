import { TEMPLATE_LIST_LIMIT, type TemplateRecord } from '@herald/protocol';
import { useEffect, useMemo } from 'react';
import { useConnectionState } from '../../platform/channel/useConnectionState.ts';
import { useRecords } from '../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { readCachedTemplates, writeCachedTemplates } from './templateCache.ts';
import { templateFetchProblem } from './templateErrors.ts';

/** Functional §7: the template list is sorted by name. */
const TEMPLATE_ORDER = 'name';

const storage = (): Storage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

/**
 * The organization's templates (functional §7): sorted by name, at most 100, cached in the browser. The cached
 * list shows at once while the live one loads; a cache that cannot be read is only a warning (functional §8),
 * and the live list, kept up to date by pushes, replaces it and is cached again. `problem` is why the live list
 * cannot be fetched, in the catalogue's words (templateErrors.ts), while the cached list, if any, still shows.
 */
export function useTemplateList() {
  const organization = useCurrentOrganization();
  const organizationId = organization?.organizationId ?? 0;
  const connection = useConnectionState(organization!.channel);
  const live = useRecords('template', {
    limit: TEMPLATE_LIST_LIMIT,
    offset: 0,
    sortKey: TEMPLATE_ORDER,
    sortOrder: 'asc',
  });
  const cached = useMemo(
    () => readCachedTemplates(storage(), organizationId, (message, error) => console.warn(message, error)),
    [organizationId],
  );
  const records = live.data?.records;
  useEffect(() => {
    if (records) writeCachedTemplates(storage(), organizationId, records);
  }, [records, organizationId]);
  const templates: TemplateRecord[] | undefined = records ?? cached ?? undefined;
  const problem = templateFetchProblem({
    organizationId: organization?.organizationId,
    error: live.error,
    answered: records !== undefined,
    connection,
  });
  return { templates, fromCache: !records && cached !== null, live, problem };
}
