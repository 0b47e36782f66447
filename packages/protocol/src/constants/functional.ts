/**
 * Functional-area constants (functional §3, §5 and §9) that are single values; the named sets (channels,
 * filters, states) are in enumerations.ts.
 */
import { MAX_THROTTLE } from './platform.ts';

/**
 * Email size check (functional §5): at least the warning size warns, at least the failure size fails.
 * The spec writes "100K" and "200K"; Herald reads K as 1024 bytes, matching the file sizes it shows in
 * 1024 steps, so a size shown as "100 KB" is exactly where the warning starts.
 */
export const EMAIL_SIZE_WARNING_BYTES = 100 * 1024;
export const EMAIL_SIZE_FAILURE_BYTES = 200 * 1024;

/** The send rate cap; the maximum throttle is the same figure (see MAX_THROTTLE). */
export const MAX_SEND_RATE_PER_MINUTE = MAX_THROTTLE;
/** A throttle below this suspends deployment. */
export const MIN_THROTTLE = 1;

export const COMMUNICATION_PREFERENCES = ['optin', 'optout'] as const;
export type CommunicationPreference = (typeof COMMUNICATION_PREFERENCES)[number];
/** content.channels.features.lsmoptin.defaultCommunicationPreference when unset (functional §3). */
export const DEFAULT_COMMUNICATION_PREFERENCE: CommunicationPreference = 'optin';

/** An email theme's language when none is chosen. */
export const THEME_DEFAULT_LANGUAGE = 'en-AU';

/** Percentage-split custom fields must add up to exactly this. */
export const PERCENTAGE_SPLIT_TOTAL = 100;

/** enableOTP answers this many recovery codes, shown once (PROTOCOL §3). */
export const RECOVERY_CODE_COUNT = 10;

/** Truncated text ends with this. */
export const TRUNCATION_ELLIPSIS = '…';

/** The profile a template preview lists first; the others follow alphabetically (functional §3). */
export const OWN_PREVIEW_PROFILE_NAME = 'Your account';

/**
 * Import files accepted (functional §5: CSV, TSV, XLS, XLSX), as the upload names the type it found
 * (PROTOCOL §5).
 */
export const IMPORT_FILE_TYPES = ['csv', 'tsv', 'xls', 'xlsx'] as const;
export type ImportFileType = (typeof IMPORT_FILE_TYPES)[number];

/** What an upload may be: an import file, or a zip (a template package, uploaded with purpose templatePackage). */
export const UPLOAD_FILE_TYPES = [...IMPORT_FILE_TYPES, 'zip'] as const;
export type UploadFileType = (typeof UPLOAD_FILE_TYPES)[number];

/**
 * Why a file is uploaded (the upload form's `purpose` field, sent before the files): an import (the default: CSV,
 * TSV or Excel, database-manage), a template package (one zip, content-edit) or an asset (images, HTML snippets
 * and zips of them for createAsset and importAssets, content-edit, 10 MB a file and 100 MB a zip).
 */
export const UPLOAD_PURPOSES = ['import', 'templatePackage', 'asset'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
