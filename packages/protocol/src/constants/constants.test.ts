import { describe, it, expect } from 'vitest';
import * as constants from './index.ts';

describe('constants match the specs', () => {
  it.each<[string, unknown, unknown]>([
    ['ALERT_FADE_MS', constants.ALERT_FADE_MS, 8000],
    ['TOAST_DURATION_MS', constants.TOAST_DURATION_MS, 8000],
    ['TOAST_POSITION', constants.TOAST_POSITION, 'bottom-left'],
    ['STATS_SMOOTHING_MS', constants.STATS_SMOOTHING_MS, 500],
    ['DEBOUNCE_MS', constants.DEBOUNCE_MS, 400],
    ['TOOLTIP_SHOW_DELAY_MS', constants.TOOLTIP_SHOW_DELAY_MS, 350],
    ['TOOLTIP_HIDE_DELAY_MS', constants.TOOLTIP_HIDE_DELAY_MS, 300],
    ['SESSION_HEARTBEAT_MS', constants.SESSION_HEARTBEAT_MS, 60_000],
    ['ORGANIZATION_PING_MS', constants.ORGANIZATION_PING_MS, 30_000],
    ['ERROR_CHAT_INTERVAL_MS', constants.ERROR_CHAT_INTERVAL_MS, 10_000],
    ['CONNECTION_MAX_RETRIES', constants.CONNECTION_MAX_RETRIES, 8],
    ['CONNECTION_NOTIFY_AFTER_RETRIES', constants.CONNECTION_NOTIFY_AFTER_RETRIES, 3],
    // 14 days
    ['CACHED_ITEMS_LIFETIME_MS', constants.CACHED_ITEMS_LIFETIME_MS, 14 * 24 * 3_600_000],
    ['STATS_CACHE_ACTIVITY_MS', constants.STATS_CACHE_ACTIVITY_MS, 600_000],
    ['STATS_CACHE_OTHER_MS', constants.STATS_CACHE_OTHER_MS, 86_400_000],
    ['DEFAULT_DISPLAY_VIEW', constants.DEFAULT_DISPLAY_VIEW, 'grid'],
    ['DEFAULT_FILTER', constants.DEFAULT_FILTER, 'all'],
    ['PAGE_LIMIT', constants.PAGE_LIMIT, 25],
    ['ASSET_LIMIT', constants.ASSET_LIMIT, 20],
    ['CREDENTIAL_LIMIT', constants.CREDENTIAL_LIMIT, 100],
    ['NOTIFICATION_LIMIT', constants.NOTIFICATION_LIMIT, 100],
    ['DEFAULT_OFFSET', constants.DEFAULT_OFFSET, 0],
    ['DEFAULT_SORT', constants.DEFAULT_SORT, { sortKey: 'id', sortOrder: 'desc' }],
    ['THROTTLE_WINDOW_MS', constants.THROTTLE_WINDOW_MS, 1000],
    ['MAX_THROTTLE', constants.MAX_THROTTLE, 60_000],
    ['TEMPLATE_LIST_LIMIT', constants.TEMPLATE_LIST_LIMIT, 100],
    ['REVISION_QUERY_LIMIT', constants.REVISION_QUERY_LIMIT, 1],
    ['REVISION_CONTENT_SCHEMA_VERSION', constants.REVISION_CONTENT_SCHEMA_VERSION, 3],
    ['GENERATED_ID_LENGTH', constants.GENERATED_ID_LENGTH, 10],
    ['DEFAULT_CHART_VIEWS', constants.DEFAULT_CHART_VIEWS, { activity: 'sent', list: 'contactable' }],
    ['DEFAULT_CHART_DATE_RANGE_START', constants.DEFAULT_CHART_DATE_RANGE_START, '2000-02-01'],
    ['CHUNK_LOAD_TIMEOUT_MS', constants.CHUNK_LOAD_TIMEOUT_MS, 120_000],
    ['EMAIL_SIZE_WARNING_BYTES', constants.EMAIL_SIZE_WARNING_BYTES, 102_400],
    ['EMAIL_SIZE_FAILURE_BYTES', constants.EMAIL_SIZE_FAILURE_BYTES, 204_800],
    ['MAX_SEND_RATE_PER_MINUTE', constants.MAX_SEND_RATE_PER_MINUTE, 60_000],
    ['DEFAULT_COMMUNICATION_PREFERENCE', constants.DEFAULT_COMMUNICATION_PREFERENCE, 'optin'],
    ['THEME_DEFAULT_LANGUAGE', constants.THEME_DEFAULT_LANGUAGE, 'en-AU'],
    ['OTP_ISSUER', constants.OTP_ISSUER, 'Herald'],
    ['SESSION_IDLE_TIMEOUT_MS', constants.SESSION_IDLE_TIMEOUT_MS, 1_800_000],
    ['SESSION_ABSOLUTE_LIFETIME_MS', constants.SESSION_ABSOLUTE_LIFETIME_MS, 43_200_000],
    ['SUPPORTED_LOCALES', constants.SUPPORTED_LOCALES, ['en', 'id', 'zh-Hant', 'zh-Hans', 'ja']],
    [
      'CHANNELS',
      constants.CHANNELS,
      ['email', 'sms', 'pushnotification', 'whatsapp', 'web', 'line', 'displayad'],
    ],
    [
      'THEME_DEFAULTS',
      constants.THEME_DEFAULTS,
      { width: '600px', fontSize: '14px', primaryButtonRadius: '20px', primaryButtonHeight: '40px' },
    ],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toStrictEqual(expected);
  });
});
