import type { ExportFormat, ExportType } from '@herald/protocol';

/** Whether an export type takes a list: subscribers may be narrowed to one, list members need one. */
export function listRequirement(type: ExportType): 'none' | 'optional' | 'required' {
  if (type === 'listMembers') return 'required';
  if (type === 'subscribers') return 'optional';
  return 'none';
}

/**
 * requestExport's params from the form; the target is the list id, or omitted for all subscribers. The
 * format is sent only when it is not the server's default (csv).
 */
export function exportRequestParams(
  organizationId: number,
  type: ExportType,
  listId: string | null,
  format: ExportFormat = 'csv',
): { organizationId: number; type: ExportType; target?: number; params: { format?: ExportFormat } } {
  const target = listRequirement(type) !== 'none' && listId !== null ? Number(listId) : undefined;
  return {
    organizationId,
    type,
    ...(target !== undefined && Number.isSafeInteger(target) ? { target } : {}),
    params: format === 'csv' ? {} : { format },
  };
}
