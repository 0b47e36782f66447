import { CONNECTION_MAX_RETRIES, CONNECTION_NOTIFY_AFTER_RETRIES } from './constants/platform.ts';

/**
 * Reconnecting a dropped channel (platform §4, §9). Retries are counted from 1: retry n waits
 * round((2^n − 1) / 2) seconds, so 1, 2, 4, 8, 16, 32, 64, 128 s for n = 1…8, a growing delay that stops a
 * restarting server from being hammered. Retry 0 (or anything below it) waits 0 s: the formula gives 0 there,
 * and it stands for reconnecting at once.
 */
export function reconnectDelaySeconds(retry: number): number {
  if (!(retry > 0)) return 0;
  return Math.round((2 ** retry - 1) / 2);
}

export function reconnectDelayMs(retry: number): number {
  return reconnectDelaySeconds(retry) * 1000;
}

export type ReconnectDecision = 'retry' | 'retry-and-notify' | 'give-up';

/**
 * What to do after `failedRetries` retries have failed: keep retrying quietly; from the third failed retry
 * also tell the user the connection is offline (WSConnectionRetryError); at the eighth give up and show
 * WSConnectionClosedError with a Reload page action. A count below zero or not a number counts as none.
 */
export function reconnectDecision(failedRetries: number): ReconnectDecision {
  if (failedRetries >= CONNECTION_MAX_RETRIES) return 'give-up';
  if (failedRetries >= CONNECTION_NOTIFY_AFTER_RETRIES) return 'retry-and-notify';
  return 'retry';
}
