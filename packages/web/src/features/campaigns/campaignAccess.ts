import { checkAccess } from '@herald/protocol';
import type { AccessContext } from '@herald/protocol';

/** Functional §2: campaigns are written by content editors; every other member reads them. */
export function canEditCampaigns(access: AccessContext): boolean {
  return checkAccess({ capabilities: ['content-edit'] }, access);
}
