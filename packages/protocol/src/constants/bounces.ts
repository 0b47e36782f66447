/**
 * Bounces and complaints (docs/architecture.md § Bounces and complaints). A hard bounce (a 5.x.x DSN status, a
 * provider's permanent failure) marks the address invalid at once; soft bounces (4.x.x, a transient failure) only
 * do so once this many have come back within this many days, so a full mailbox for a weekend does not lose a
 * subscriber.
 */
export const SOFT_BOUNCE_LIMIT = 3;
export const SOFT_BOUNCE_WINDOW_DAYS = 30;

/** The largest DSN or complaint report the bounce listener accepts; a report quotes at most the headers. */
export const BOUNCE_MESSAGE_MAX_BYTES = 2 * 1024 * 1024;
