import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { useLocation } from 'react-router';
import { useRouteMatches } from '../../platform/guards/routeMatches.tsx';
import { currentRoute } from '../../platform/guards/routeHandle.ts';

/** Marks the heading the shell moved focus to; accessibility.css hides its ring for mouse users. */
const PAGE_HEADING_ATTRIBUTE = 'data-page-heading';

/** Where a person is busy: typing in a field, or in a dialog, menu or list of options. */
const BUSY_SELECTOR =
  'input, textarea, select, [contenteditable="true"], [role="dialog"] *, [role="menu"] *, [role="listbox"] *';

/**
 * Focuses the page's first heading in `container`, now or as soon as a lazily loaded page shows one, unless
 * the person is busy elsewhere by then (typing in the header search, say). Answers a function that stops
 * waiting.
 */
export function focusPageHeading(container: HTMLElement): () => void {
  const focus = () => {
    if (document.activeElement?.matches(BUSY_SELECTOR)) return true;
    const heading = container.querySelector<HTMLElement>('h1, h2');
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.setAttribute(PAGE_HEADING_ATTRIBUTE, '');
    heading.focus({ preventScroll: true });
    return true;
  };
  if (focus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (focus()) observer.disconnect();
  });
  observer.observe(container, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * After a navigation, focus goes to the new page's heading, so a keyboard or screen-reader
 * user starts reading there rather than at the link they left behind. The first page keeps the browser's
 * focus, and overlays (modal routes) handle focus themselves: they take it when they open and give it back
 * when they close.
 */
export function useHeadingFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const overlay = Boolean(currentRoute(useRouteMatches())?.route.modal);
  const previous = useRef<{ pathname: string; overlay: boolean } | null>(null);
  // Kept across renders: only the next navigation (or leaving the shell) stops a wait for the heading.
  const stopWaiting = useRef<(() => void) | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = { pathname, overlay };
    if (!before || before.pathname === pathname || before.overlay || overlay) return;
    stopWaiting.current?.();
    stopWaiting.current = main.current ? focusPageHeading(main.current) : null;
  }, [main, pathname, overlay]);
  useEffect(() => () => stopWaiting.current?.(), []);
}
