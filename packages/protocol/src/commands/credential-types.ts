/**
 * The credential types of the vault (functional §3 Credential): each type's fields, which of them are secret,
 * how each is checked, and for a provider's type the channel it serves, the base URL its API is reached at (a
 * self-hosted gateway or a local test peer can stand in) and how a connection test proves it.
 *
 * The checks here run in the browser and on the server alike; the server adds what needs node:crypto (a PEM
 * public key must parse with createPublicKey). No check's message repeats the value it refused.
 */
import { readServiceAccountKey } from './service-account-key.ts';

export type CredentialFieldKind =
  | 'host'
  | 'port'
  | 'text'
  | 'secret'
  | 'pem'
  | 'gpg'
  | 'url'
  | 'choice'
  /** A Google service account's key file (JSON), kept as a secret (service-account-key.ts). */
  | 'serviceAccountKey';

/** The fields of functional §3, by the name each has in a credential's values. */
export const CREDENTIAL_FIELD_NAMES = [
  'host',
  'port',
  'accountName',
  'password',
  'sid',
  'authToken',
  'lineSecret',
  'zipPassword',
  'apiPublicKey',
  'apiSecretKey',
  'apiToken',
  'awsKeyId',
  'awsSecret',
  'azureKeyType',
  'azureSecret',
  'gpgPublicKey',
  'baseUrl',
  'serviceAccountKey',
  'businessAccountId',
] as const;
export type CredentialFieldName = (typeof CREDENTIAL_FIELD_NAMES)[number];

export interface CredentialField {
  name: CredentialFieldName;
  kind: CredentialFieldKind;
  /** Sealed in the vault and never answered: only a mask and its last four characters are shown. */
  secret: boolean;
  required: boolean;
  /** What a new credential's form starts with (a provider's public API, a protocol's usual port). */
  defaultValue?: string;
  /** For `choice`. */
  choices?: readonly string[];
  /** The label's name when this type's field means something narrower than its name (a project id). */
  label?: string;
  /** Required whenever this other field is given (a push credential's project id with a ready access token). */
  requiredWith?: CredentialFieldName;
}

/** How a type's connection test proves the credential (docs/architecture.md § Providers). */
export type CredentialTest = 'smtp' | 'twilio' | 'whatsapp' | 'line' | 'push' | 'displayad';

/** The channels whose provider is a credential (organization settings `channelCredentials`). */
export const PROVIDER_CHANNELS = [
  'email',
  'sms',
  'whatsapp',
  'line',
  'pushnotification',
  'displayad',
] as const;
export type ProviderChannel = (typeof PROVIDER_CHANNELS)[number];

export interface CredentialTypeDeclaration {
  fields: readonly CredentialField[];
  /** The channel this type can be the provider of. */
  channel?: ProviderChannel;
  test?: CredentialTest;
  /**
   * Secrets that stand in for one another: a credential holds exactly one of them, so one is required, two given
   * together are refused, and saving one drops the other the credential held.
   */
  oneOf?: readonly CredentialFieldName[];
}

const field = (
  name: CredentialFieldName,
  kind: CredentialFieldKind,
  options: Partial<Omit<CredentialField, 'name' | 'kind'>> = {},
): CredentialField => ({
  name,
  kind,
  secret: kind === 'secret' || kind === 'serviceAccountKey',
  required: true,
  ...options,
});

export const AZURE_KEY_TYPES = ['storageAccountKey', 'sharedAccessSignature', 'connectionString'] as const;

export const CREDENTIAL_TYPES = {
  // An SMTP relay for e-mail: tested by logging in.
  smtp: {
    channel: 'email',
    test: 'smtp',
    fields: [
      field('host', 'host'),
      field('port', 'port', { defaultValue: '587' }),
      field('accountName', 'text'),
      field('password', 'secret'),
    ],
  },
  // A file server an integration reads from or writes to.
  sftp: {
    fields: [
      field('host', 'host'),
      field('port', 'port', { defaultValue: '22' }),
      field('accountName', 'text'),
      field('password', 'secret'),
    ],
  },
  // SMS through a Twilio-compatible API: account SID and auth token.
  twilio: {
    channel: 'sms',
    test: 'twilio',
    fields: [
      field('sid', 'text'),
      field('authToken', 'secret'),
      field('baseUrl', 'url', { defaultValue: 'https://api.twilio.com' }),
    ],
  },
  // WhatsApp through a Cloud API-compatible API: the phone number's id and an access token.
  whatsapp: {
    channel: 'whatsapp',
    test: 'whatsapp',
    fields: [
      field('accountName', 'text', { label: 'phoneNumberId' }),
      field('apiToken', 'secret'),
      field('baseUrl', 'url', { defaultValue: 'https://graph.facebook.com/v21.0' }),
      // Templates belong to the WhatsApp Business Account, not to the phone number: with its id, Herald keeps
      // the templates' states synced (whatsapp-templates/template-state-sync.ts).
      field('businessAccountId', 'text', { required: false }),
      // The app secret signs the delivery-status webhooks (X-Hub-Signature-256); without it none is accepted.
      field('apiSecretKey', 'secret', { required: false }),
    ],
  },
  // LINE Messaging API: the channel secret (signs webhooks) and the channel access token.
  line: {
    channel: 'line',
    test: 'line',
    fields: [
      field('lineSecret', 'secret'),
      field('apiToken', 'secret'),
      field('baseUrl', 'url', { defaultValue: 'https://api.line.me' }),
    ],
  },
  // Push notifications through an FCM HTTP v1-compatible API: a service account's key, which Herald mints
  // access tokens with (the project id is taken from it when left blank), or a ready-made access token with the
  // project id (a token expires within the hour, so that is for a gateway or a test).
  push: {
    channel: 'pushnotification',
    test: 'push',
    fields: [
      field('accountName', 'text', { label: 'projectId', required: false, requiredWith: 'apiToken' }),
      field('serviceAccountKey', 'serviceAccountKey', { required: false }),
      field('apiToken', 'secret', { label: 'accessToken', required: false }),
      field('baseUrl', 'url', { defaultValue: 'https://fcm.googleapis.com' }),
    ],
    oneOf: ['serviceAccountKey', 'apiToken'],
  },
  // A display-ad network's audience API (docs/architecture.md § Display-ad audiences): hashed audiences are
  // uploaded to {baseUrl}/audiences/… with the bearer token. It has no public default: each network's (or
  // gateway's) address is its own.
  displayad: {
    channel: 'displayad',
    test: 'displayad',
    fields: [field('apiToken', 'secret'), field('baseUrl', 'url')],
  },
  // The password extracts are zipped under (AES).
  zipPassword: { fields: [field('zipPassword', 'secret')] },
  // A partner API's key pair: its public key (PEM) and the secret key.
  apiKeyPair: { fields: [field('apiPublicKey', 'pem'), field('apiSecretKey', 'secret')] },
  apiToken: { fields: [field('apiToken', 'secret')] },
  aws: { fields: [field('awsKeyId', 'text'), field('awsSecret', 'secret')] },
  azure: {
    fields: [
      field('accountName', 'text', { required: false }),
      field('azureKeyType', 'choice', { choices: AZURE_KEY_TYPES }),
      field('azureSecret', 'secret'),
    ],
  },
  // The public key extracts are encrypted to.
  gpg: { fields: [field('gpgPublicKey', 'gpg')] },
} as const satisfies Record<string, CredentialTypeDeclaration>;

export type CredentialType = keyof typeof CREDENTIAL_TYPES;
export const CREDENTIAL_TYPE_NAMES = Object.keys(CREDENTIAL_TYPES) as CredentialType[];

export function isCredentialType(type: unknown): type is CredentialType {
  return typeof type === 'string' && Object.hasOwn(CREDENTIAL_TYPES, type);
}

export function credentialTypeOf(type: CredentialType): CredentialTypeDeclaration {
  return CREDENTIAL_TYPES[type];
}

/** The credential types that can be the provider of a channel. */
export function credentialTypesFor(channel: ProviderChannel): CredentialType[] {
  return CREDENTIAL_TYPE_NAMES.filter((type) => credentialTypeOf(type).channel === channel);
}

export interface CredentialValueIssue {
  path: string;
  message: string;
}

const HOST =
  /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const IP_ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[?[0-9A-Fa-f:.]+\]?)$/;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const PEM_PUBLIC_KEY = /^-----BEGIN (?:RSA )?PUBLIC KEY-----[\s\S]+-----END (?:RSA )?PUBLIC KEY-----$/;
const GPG_PUBLIC_KEY = /^-----BEGIN PGP PUBLIC KEY BLOCK-----[\s\S]+-----END PGP PUBLIC KEY BLOCK-----$/;
const MAX_VALUE_LENGTH = 20_000;

/**
 * A provider's base URL: https, or plain http on loopback only (a local test peer), never with a user, query or
 * fragment. Over a network plain http would hand the provider's token to anyone on the path.
 */
export function isProviderBaseUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

/** Why one value of a field is refused, or undefined; never repeating the value. */
function valueIssue(declared: CredentialField, value: string): string | undefined {
  if (value.length > MAX_VALUE_LENGTH) return `At most ${MAX_VALUE_LENGTH} characters`;
  switch (declared.kind) {
    case 'host':
      return HOST.test(value) || IP_ADDRESS.test(value) ? undefined : 'Not a host name or address';
    case 'port': {
      const port = Number(value);
      return /^\d+$/.test(value) && port >= 1 && port <= 65_535 ? undefined : 'A port is from 1 to 65535';
    }
    case 'url':
      return isProviderBaseUrl(value)
        ? undefined
        : 'An https URL without query or fragment (http only on loopback)';
    case 'pem':
      return PEM_PUBLIC_KEY.test(value) ? undefined : 'Not a PEM public key';
    case 'gpg':
      return GPG_PUBLIC_KEY.test(value) ? undefined : 'Not an armored GPG public key';
    case 'choice':
      return declared.choices?.includes(value) ? undefined : `One of ${declared.choices?.join(', ')}`;
    case 'text':
      return value.length > 500 ? 'At most 500 characters' : undefined;
    case 'serviceAccountKey': {
      const read = readServiceAccountKey(value);
      return 'issue' in read ? read.issue : undefined;
    }
    case 'secret':
      return undefined;
  }
}

/**
 * The issues of a credential's values for its type. `existingSecrets`: an update may leave a secret out (or
 * blank) to keep the stored one. Values of fields the type does not have are refused, so nothing is kept
 * that no form shows.
 */
export function credentialValueIssues(
  type: CredentialType,
  values: Readonly<Record<string, string>>,
  options: { existingSecrets: boolean },
): CredentialValueIssue[] {
  const declaration = credentialTypeOf(type);
  const issues: CredentialValueIssue[] = [];
  for (const name of Object.keys(values)) {
    if (!declaration.fields.some((declared) => declared.name === name))
      issues.push({ path: `values.${name}`, message: 'Not a field of this credential type' });
  }
  for (const declared of declaration.fields) {
    const value = (values[declared.name] ?? '').trim();
    if (!value) {
      const kept = declared.secret && options.existingSecrets;
      if (declared.required && !kept) issues.push({ path: `values.${declared.name}`, message: 'Required' });
      continue;
    }
    const issue = valueIssue(declared, value);
    if (issue) issues.push({ path: `values.${declared.name}`, message: issue });
  }
  for (const declared of declaration.fields) {
    const partner = declared.requiredWith;
    if (!partner || (values[declared.name] ?? '').trim() || !(values[partner] ?? '').trim()) continue;
    issues.push({ path: `values.${declared.name}`, message: `Required with ${partner}` });
  }
  const oneOf = declaration.oneOf ?? [];
  const given = oneOf.filter((name) => (values[name] ?? '').trim() !== '');
  if (given.length > 1)
    issues.push({ path: `values.${given[1]}`, message: `Give one of ${oneOf.join(' or ')}, not both` });
  else if (oneOf.length > 0 && given.length === 0 && !options.existingSecrets)
    issues.push({ path: `values.${oneOf[0]}`, message: `Required: ${oneOf.join(' or ')}` });
  return issues;
}

/** What an administrator sees of a secret: a mask, and the last four characters of one long enough to spare them. */
export function secretHint(secret: string): string {
  return secret.length >= 12 ? `••••${secret.slice(-4)}` : '••••';
}
