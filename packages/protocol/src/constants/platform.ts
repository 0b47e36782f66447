/**
 * Platform-wide constants (platform §9, with the route and session facts of platform §2, §4 and §7). Both
 * the server and the web app read them from here so that the two never drift apart.
 */

// --- Interface timing ---------------------------------------------------------------------------------

/** App-level alerts fade after this long. */
export const ALERT_FADE_MS = 8000;
/** A new workflow notification fades after this long. */
export const WORKFLOW_NOTIFICATION_FADE_MS = 8000;
export const TOAST_DURATION_MS = 8000;
export const TOAST_POSITION = 'bottom-left';
/** Animation time for statistics counting up to a new value. */
export const STATS_SMOOTHING_MS = 500;
export const TRANSITION_MS = 500;
/** Wait after the last keystroke before a search or filter is sent. */
export const DEBOUNCE_MS = 400;
export const TOOLTIP_SHOW_DELAY_MS = 350;
export const TOOLTIP_HIDE_DELAY_MS = 300;
/** Lazily loaded code that has not arrived by then is reported as failed rather than awaited forever. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

// --- Session and connections ----------------------------------------------------------------------------

/** renewSession is sent this often while the app is open (platform §4). */
export const SESSION_HEARTBEAT_MS = 60_000;
/** The organization channel sends ping this often, which keeps proxies from closing an idle socket. */
export const ORGANIZATION_PING_MS = 30_000;
/** At most one uncaught error per this interval is posted to the team chat, so a loop cannot flood it. */
export const ERROR_CHAT_INTERVAL_MS = 10_000;
/** At this many failed retries the channel gives up and shows WSConnectionClosedError (platform §4). */
export const CONNECTION_MAX_RETRIES = 8;
/** From this many failed retries the user is told the connection is offline (platform §4). */
export const CONNECTION_NOTIFY_AFTER_RETRIES = 3;
/**
 * Not in the specs: the heartbeat renews a session every minute, so Herald ends one that has not been renewed
 * for 30 minutes (the tab is closed or asleep) ...
 */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 60_000;
/** ... and any session 12 hours after it was created, heartbeat or not, so a stolen id does not live on. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 3_600_000;
/** Name shown in authenticator apps beside the one-time code (platform §9: "an issuer name is set"). */
export const OTP_ISSUER = 'Herald';
/**
 * The errors `/sso/start` and `/sso/callback` send the browser back with (`/login?sso_error=TYPE`); the web app
 * shows these, and nothing else a query string claims. Here, not beside the single sign-on commands, so the
 * sign-in page does not load those commands' schemas.
 */
export const SSO_FAILURE_TYPES = ['SSOBadKey', 'SSONoKey', 'SSOError', 'TooManyRequestsError'] as const;
export type SsoFailureType = (typeof SSO_FAILURE_TYPES)[number];

// --- Caches ------------------------------------------------------------------------------------------

/** Items cached in the browser (such as the template list) are dropped after 14 days. */
export const CACHED_ITEMS_LIFETIME_MS = 1_209_600_000;
export const CUSTOM_FIELD_CACHE_MS = 60_000;
/** Activity statistics change while it sends; other statistics are recomputed daily. */
export const STATS_CACHE_ACTIVITY_MS = 600_000;
export const STATS_CACHE_OTHER_MS = 86_400_000;

// --- Lists and queries ----------------------------------------------------------------------------------

export const DISPLAY_VIEWS = ['grid', 'list'] as const;
export type DisplayView = (typeof DISPLAY_VIEWS)[number];
export const DEFAULT_DISPLAY_VIEW: DisplayView = 'grid';
export const DEFAULT_FILTER = 'all';
/** Default `limit` of a query (also PROTOCOL §4). */
export const PAGE_LIMIT = 25;
export const ASSET_LIMIT = 20;
export const CREDENTIAL_LIMIT = 100;
export const NOTIFICATION_LIMIT = 100;
export const DEFAULT_OFFSET = 0;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** Newest first: ids grow with creation. */
export const DEFAULT_SORT: { readonly sortKey: string; readonly sortOrder: SortOrder } = {
  sortKey: 'id',
  sortOrder: 'desc',
};
export const SEARCH_DROPDOWN_LIMIT = 10;
export const TEMPLATE_LIST_LIMIT = 100;
export const CONTENT_BLOCK_LIMIT = 100;
/** Only the latest revision of an activity is read. */
export const REVISION_QUERY_LIMIT = 1;

// --- Sending ------------------------------------------------------------------------------------------

/** The throttle counts messages per this window. */
export const THROTTLE_WINDOW_MS = 1000;
/**
 * The highest throttle. Platform §9 writes "60000 ms", but functional §5 caps the send rate at 60,000
 * messages per minute, so Herald reads it as a message count, not a duration.
 */
export const MAX_THROTTLE = 60_000;

// --- Content and identifiers --------------------------------------------------------------------------

export const REVISION_CONTENT_SCHEMA_VERSION = 3;
/** Length of ids Herald generates for content (blocks, variations) inside a revision. */
export const GENERATED_ID_LENGTH = 10;
/** A template whose url contains this marker opens in the native editor (platform §2 guard 7). */
export const NATIVE_EDITOR_TEMPLATE_MARKER = 'v5_';
/** Email theme defaults (platform §9, functional §3). */
export const THEME_DEFAULTS = {
  width: '600px',
  fontSize: '14px',
  primaryButtonRadius: '20px',
  primaryButtonHeight: '40px',
} as const;

// --- Charts and dates ---------------------------------------------------------------------------------

/** The series a report chart opens on. */
export const DEFAULT_CHART_VIEWS = { activity: 'sent', list: 'contactable' } as const;
/** Reports default to "everything", which starts before any organization's data. */
export const DEFAULT_CHART_DATE_RANGE_START = '2000-02-01';
/** Date pickers: 24-hour clock, week numbers shown, ISO 8601 values out. */
export const DATE_PICKER = { hourCycle: '24h', withWeekNumbers: true, valueFormat: 'iso' } as const;

// --- Locales ------------------------------------------------------------------------------------------

/** Japanese may be empty and falls back to English (platform §1). */
export const SUPPORTED_LOCALES = ['en', 'id', 'zh-Hant', 'zh-Hans', 'ja'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
export const FALLBACK_LOCALE: SupportedLocale = 'en';
/** A stored locale preference with this value means "use the browser language". */
export const SYSTEM_LOCALE_PREFERENCE = 'system';

// --- Access and mail ----------------------------------------------------------------------------------

/** grantOrganizationAccess sends this phone when none is given (platform §7). */
export const GRANT_ACCESS_DEFAULT_PHONE = 'n/a';
/**
 * An envelope-from of this value (or empty) sends from the shared product domain; any other value is a
 * custom return path (platform §9).
 */
export const DEFAULT_ENVELOPE_FROM = 'default';
