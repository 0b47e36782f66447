import { useEffect, useRef } from 'react';
import { armBackGuard, isBackGuardEntry } from './backGuard.ts';

/**
 * Warns before unsaved changes are lost. The router is declarative (no useBlocker), so leaving is caught where
 * it starts: closing or reloading the tab (beforeunload); a click on any in-app link, which asks first and is
 * stopped before React Router sees it when the user stays; and the browser's Back button, which first steps
 * back off a guard entry pushed over the page (backGuard.ts) and asks there. Every question is the browser's
 * own confirm dialog: Enter answers it, Escape cancels, a screen reader reads it.
 */
export function useUnsavedChangesGuard(dirty: boolean, question: string): void {
  const asking = useRef({ dirty, question });
  useEffect(() => {
    asking.current = { dirty, question };
  }, [dirty, question]);

  // Back and forward: armed while the page is open, asking only while there is something unsaved.
  const armed = useRef(false);
  // Set once the user said leave: the page that follows may be another document, and must not ask again.
  const leaving = useRef(false);
  useEffect(() => {
    if (!dirty || armed.current) return;
    armed.current = true;
    armBackGuard();
  }, [dirty]);
  useEffect(() => {
    // A page opened again on its guard entry (Back from a page it linked to) is armed already.
    if (isBackGuardEntry()) armed.current = true;
    const guardedHref = window.location.href;
    const onPopState = () => {
      if (!armed.current || isBackGuardEntry()) return;
      // Moved more than one step, or elsewhere: the router has gone there already.
      if (window.location.href !== guardedHref) {
        armed.current = false;
        return;
      }
      const { dirty: unsaved, question: text } = asking.current;
      if (!unsaved || window.confirm(text)) {
        // Leave for real: one more step back, past the page's own entry.
        armed.current = false;
        leaving.current = unsaved;
        window.history.back();
        return;
      }
      armBackGuard();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
      const to = new URL(link.href, window.location.href);
      if (to.origin !== window.location.origin || to.pathname === window.location.pathname) return;
      if (window.confirm(question)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', beforeUnload);
    // The capture phase runs before the router's own click handler on the link.
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, question]);
}
