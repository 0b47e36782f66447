import { SEARCH_DROPDOWN_LIMIT } from '@herald/protocol';

/** The kinds the header search looks across, in the order their groups show. */
export const SEARCH_KINDS = ['campaign', 'list', 'audience', 'subscriber'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** One result as the dropdown shows it: what it is, its name, a detail (a subscriber's e-mail), where it opens. */
export interface SearchHit {
  kind: SearchKind;
  id: number;
  title: string;
  detail: string | null;
}

export interface SearchGroup {
  kind: SearchKind;
  hits: SearchHit[];
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A `query` record of a kind as a hit, read defensively (null for one without an id). */
export function searchHit(kind: SearchKind, raw: unknown): SearchHit | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  if (typeof record.id !== 'number') return null;
  if (kind === 'subscriber') {
    const name = [text(record.firstname), text(record.lastname)].filter(Boolean).join(' ');
    return {
      kind,
      id: record.id,
      title: name || text(record.displayName) || `#${record.id}`,
      detail: text(record.email) ?? text(record.phone),
    };
  }
  return { kind, id: record.id, title: text(record.name) ?? `#${record.id}`, detail: null };
}

/**
 * At most `limit` hits (platform §9: 10) shared fairly between the kinds that found something: each group
 * gets one in turn until the limit or the hits run out, so a thousand subscribers named Ann do not hide the
 * one campaign. Groups keep SEARCH_KINDS order, and empty ones are left out.
 */
export function shareResults(
  found: ReadonlyMap<SearchKind, readonly SearchHit[]>,
  limit = SEARCH_DROPDOWN_LIMIT,
): SearchGroup[] {
  const taken = new Map<SearchKind, number>(SEARCH_KINDS.map((kind) => [kind, 0]));
  let total = 0;
  let progress = true;
  while (total < limit && progress) {
    progress = false;
    for (const kind of SEARCH_KINDS) {
      const count = taken.get(kind) ?? 0;
      if (total < limit && count < (found.get(kind)?.length ?? 0)) {
        taken.set(kind, count + 1);
        total += 1;
        progress = true;
      }
    }
  }
  return SEARCH_KINDS.map((kind) => ({
    kind,
    hits: (found.get(kind) ?? []).slice(0, taken.get(kind)),
  })).filter((group) => group.hits.length > 0);
}

/** Where a hit opens (platform §2): a campaign's page, a list, an audience, a subscriber's profile. */
export function hitPath(organizationId: number, hit: Pick<SearchHit, 'kind' | 'id'>): string {
  switch (hit.kind) {
    case 'campaign':
      return `/${organizationId}/campaign/${hit.id}`;
    case 'list':
      return `/${organizationId}/subscribers/view/${hit.id}`;
    case 'audience':
      return `/${organizationId}/audiences/view/${hit.id}`;
    case 'subscriber':
      return `/${organizationId}/subscribers/${hit.id}`;
  }
}
