import type { AssetRecord } from '@herald/protocol';
import type { OrganizationChannelClient } from '../../../platform/channel/organizationChannel.ts';
import { uploadAssetFile } from '../../assets/asset.ts';

/** The images a logo may be: the raster kinds e-mail clients and browsers all show (no SVG, no HTML). */
export const LOGO_ACCEPT = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** A logo is shown small; a megabyte is plenty and keeps every page of the console light. */
export const LOGO_MAX_BYTES = 1024 * 1024;

/** Why a chosen file cannot be a logo, or null when it can (the server checks its content again). */
export function logoFileProblem(file: Pick<File, 'type' | 'size'>): 'unsupported' | 'tooLarge' | null {
  if (!LOGO_ACCEPT.includes(file.type)) return 'unsupported';
  if (file.size > LOGO_MAX_BYTES) return 'tooLarge';
  return null;
}

/**
 * Stores a logo as a published asset of the organization (the server checks its content again) and answers
 * its public path (`/media/…`), which becomes logo_uri: no data URL in the organization's row.
 */
export async function uploadLogo(
  file: File,
  organization: { organizationId: number; channel: OrganizationChannelClient },
  jwt: string,
): Promise<string> {
  const { fileId } = await uploadAssetFile(file, { jwt, organizationId: organization.organizationId });
  const asset: AssetRecord = await organization.channel.request('createAsset', {
    organizationId: organization.organizationId,
    fileId,
    name: `Organization logo (${file.name})`.slice(0, 200),
    isPublished: true,
  });
  return asset.path;
}
