import { readServiceAccountKey } from '@herald/protocol';
import type { OpenedCredential } from '../../credentials/credential-store.ts';
import { SendError } from '../messenger.ts';
import { serviceAccountCacheKey } from './fcm-access-token.ts';
import type { FcmProject } from './fcm.ts';

/**
 * The FCM project a push credential names: with a service account key, tokens are minted from it (cached under
 * the credential and the key) and the project id is the credential's, else the key's own; otherwise the
 * ready-made access token is sent as it is. A stored key that no longer reads fails FCM sends for good.
 */
export function fcmProjectOf({ id, fields, secrets }: OpenedCredential): FcmProject | SendError {
  const baseUrl = fields.baseUrl ?? '';
  const keyText = secrets.serviceAccountKey;
  if (keyText === undefined)
    return { baseUrl, projectId: fields.accountName ?? '', accessToken: secrets.apiToken ?? '' };
  const read = readServiceAccountKey(keyText);
  if ('issue' in read)
    return new SendError(`The push credential's service account key is unusable: ${read.issue}`, {
      permanent: true,
      code: 'credential',
    });
  return {
    baseUrl,
    projectId: fields.accountName || read.key.project_id,
    serviceAccount: { key: read.key, cacheKey: serviceAccountCacheKey(id, keyText) },
  };
}
