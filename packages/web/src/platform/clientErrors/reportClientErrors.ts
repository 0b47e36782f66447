import type { ClientErrorReport } from '@herald/protocol';
import type { SessionStore } from '../session/sessionStore.ts';

// Literal copies of the contract's constants: importing them would pull the contract's schemas (and zod)
// into the first script the sign-in page loads. reportClientErrors.test.ts holds them equal.
export const CLIENT_ERROR_PATH = '/client-errors';
export const CLIENT_ERROR_MAX_BYTES = 16 * 1024;
/** A page in an error loop sends no more than this; the server's chat post is rate-limited anyway. */
const MOST_REPORTS_PER_PAGE = 20;

/** What the handler needs of the page, so a unit test can give it a fake one. */
export interface ErrorReportingTarget {
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  addEventListener(type: 'unhandledrejection', listener: (event: PromiseRejectionEvent) => void): void;
}

/**
 * Platform §7: an uncaught error or an unhandled rejection is not shown to the user; it is posted to the
 * server, which tells the team (chat and error tracker). Only a signed-in browser reports (the endpoint needs
 * a live session); its session id goes in the body, beside the HttpOnly cookie the session is bound to.
 */
export function reportClientErrors(
  target: ErrorReportingTarget,
  sessionStore: Pick<SessionStore, 'get'>,
  send: (body: string) => void = sendReport,
): void {
  let sent = 0;
  const report = (kind: ClientErrorReport['kind'], error: unknown, fallbackMessage: string) => {
    const { sessionId } = sessionStore.get();
    if (!sessionId || sent >= MOST_REPORTS_PER_PAGE) return;
    sent += 1;
    const body: ClientErrorReport = {
      sessionId,
      kind,
      message: clip(messageOf(error) || fallbackMessage, 4000),
      page: clip(location.pathname + location.search, 2000),
      userAgent: clip(navigator.userAgent, 500),
    };
    if (error instanceof Error && error.stack) body.stack = clip(error.stack, 8000);
    const text = JSON.stringify(body);
    if (new Blob([text]).size <= CLIENT_ERROR_MAX_BYTES) send(text);
  };
  target.addEventListener('error', (event) => {
    // Not shown: no console noise, no page of its own (the React error boundaries handle render errors).
    event.preventDefault();
    report('error', event.error, event.message);
  });
  target.addEventListener('unhandledrejection', (event) => {
    event.preventDefault();
    report('unhandledrejection', event.reason, 'Unhandled rejection');
  });
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? '';
  } catch {
    return String(error);
  }
}

function clip(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

function sendReport(body: string): void {
  // keepalive: an error just before the page unloads still arrives. A failed report is dropped silently:
  // reporting must never become an error of its own.
  void fetch(CLIENT_ERROR_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    keepalive: true,
    body,
  }).catch(() => undefined);
}
