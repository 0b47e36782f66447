import { defineArea } from '../area.ts';
import { assetImportJob } from './asset-import.ts';
import { assetResource } from './asset-resource.ts';
import { assetOrganizationCommands } from './commands.ts';
import { registerAssetRoute } from './serve-asset.ts';

/**
 * Assets (docs/architecture.md § Assets and content blocks): images and HTML snippets checked by content, stored
 * in the database, served on the organization's public URL (GET /media/…), bulk-imported from zips and folders as
 * `assetImport` jobs.
 */
export const assetsArea = defineArea({
  name: 'assets',
  organizationCommands: assetOrganizationCommands,
  resources: [assetResource],
  jobs: { assetImport: assetImportJob },
  routes: registerAssetRoute,
});
