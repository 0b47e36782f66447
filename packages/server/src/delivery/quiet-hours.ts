import {
  isQuietTime,
  messagingRulesOf,
  readSendingSettings,
  wallTimeAt,
  type Channel,
} from '@herald/protocol';

const MINUTE = 60_000;

/**
 * When the channel's quiet hours (in the organization's time zone; docs/architecture.md § The delivery engine)
 * that hold `now` end, or undefined when `now` is not quiet. Found minute by minute on the wall clock, so a
 * window across midnight or a daylight-saving change ends when the organization's clock says it does.
 */
export function quietUntil(
  settings: Record<string, unknown>,
  channel: Channel,
  now: Date = new Date(),
): Date | undefined {
  const rules = messagingRulesOf(settings);
  if (!rules.quietHours[channel]) return undefined;
  const { timeZone } = readSendingSettings(settings);
  const minuteOf = (at: Date) => {
    const wall = wallTimeAt(at, timeZone);
    return wall.hour * 60 + wall.minute;
  };
  if (!isQuietTime(rules, channel, minuteOf(now))) return undefined;
  const start = Math.floor(now.getTime() / MINUTE) * MINUTE;
  for (let minutes = 1; minutes <= 26 * 60; minutes++) {
    const at = new Date(start + minutes * MINUTE);
    if (!isQuietTime(rules, channel, minuteOf(at))) return at;
  }
  return undefined;
}
