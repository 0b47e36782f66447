import type { ResourceRecord } from '@herald/protocol';
import { AUDIENCE_GENERATION_STATES, printTarget } from '@herald/protocol';
import type { AudienceStatus, TargetNode } from '@herald/protocol';
import type { ListDefinition, ListParams } from '../../platform/list/listParams.ts';

export type Audience = ResourceRecord<'audience'>;

/** The audiences screen's filters: every audience, those ready, those being generated, those that failed. */
export const AUDIENCE_FILTERS = ['all', 'ready', 'generating', 'error'] as const;
export type AudienceFilter = (typeof AUDIENCE_FILTERS)[number];
export const AUDIENCE_SORT_KEYS = ['updatedAt', 'name', 'size', 'createdAt', 'generatedAt'] as const;

export const audienceListDefinition: ListDefinition = {
  filters: AUDIENCE_FILTERS,
  sortKeys: AUDIENCE_SORT_KEYS,
  defaultSort: 'updatedAt',
  defaultOrder: 'desc',
};

/** Functional §3's generation states, while which the audience's members are being written. */
const GENERATING: readonly AudienceStatus[] = AUDIENCE_GENERATION_STATES.filter(
  (status) => status !== 'error' && status !== 'locked',
);

export function isGenerating(status: AudienceStatus): boolean {
  return GENERATING.includes(status);
}

/** The `query` filter for the audiences screen's params: status, archive flag and partition. */
export function audienceQueryFilter(
  params: Pick<ListParams, 'filter' | 'archived' | 'partition'>,
): Record<string, unknown> {
  const filter = params.filter as AudienceFilter;
  return {
    ...(filter === 'ready' || filter === 'error' ? { status: filter } : {}),
    ...(filter === 'generating' ? { status: { in: GENERATING } } : {}),
    ...(params.archived === 'live' ? { isArchived: false } : {}),
    ...(params.archived === 'archived' ? { isArchived: true } : {}),
    ...(params.partition !== null ? { partitionIds: { overlaps: [params.partition] } } : {}),
  };
}

/** The new-audience form as typed. */
export interface AudienceForm {
  name: string;
  description: string;
  target: TargetNode | null;
}

export type AudienceFormError = 'nameRequired' | 'nameTooLong' | 'targetRequired';

export function validateAudienceForm(
  form: AudienceForm,
): Partial<Record<keyof AudienceForm, AudienceFormError>> {
  const errors: Partial<Record<keyof AudienceForm, AudienceFormError>> = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'nameRequired';
  else if (name.length > 200) errors.name = 'nameTooLong';
  if (form.target === null) errors.target = 'targetRequired';
  return errors;
}

/** The writeRecords record of a new audience; the target goes as its canonical text (PROTOCOL §6). */
export function newAudienceWrite(form: AudienceForm & { target: TargetNode }): Record<string, unknown> {
  return { name: form.name.trim(), description: form.description, target: printTarget(form.target) };
}

/** A changed target, with the version read (a change meanwhile is refused, not lost); the server regenerates. */
export function audienceTargetWrite(
  audience: Pick<Audience, 'id' | 'version'>,
  target: TargetNode,
): Record<string, unknown> {
  return { id: audience.id, version: audience.version, target: printTarget(target) };
}
