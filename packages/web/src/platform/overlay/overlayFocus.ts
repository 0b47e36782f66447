import { useCallback, useEffect, useState } from 'react';

const FIELD_SELECTOR =
  'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled), [contenteditable="true"]';

/**
 * Focuses the first field in `container`, now or as soon as a lazily loaded page shows one. The field is
 * also marked data-autofocus, which Mantine's focus trap prefers to the ✕ it would otherwise pick when it
 * activates after us. Answers a function that stops waiting.
 */
export function focusFirstField(container: HTMLElement): () => void {
  const focus = () => {
    const field = [...container.querySelectorAll<HTMLElement>(FIELD_SELECTOR)].find(
      (candidate) => candidate.getClientRects().length > 0,
    );
    if (!field) return false;
    field.setAttribute('data-autofocus', '');
    field.focus();
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
 * For a modal route: focus goes to its first field when it opens, and back to what had it (the
 * link or button that opened it, on the page that stays behind) when it closes. Answers the ref for the
 * modal's content, a callback since the modal mounts its content after its own first render.
 */
export function useOverlayFocus(): (content: HTMLElement | null) => (() => void) | undefined {
  // Read once, on the first render: the modal has not taken focus yet.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  useEffect(
    () => () => {
      // After the modal's own focus trap has let go.
      if (opener) setTimeout(() => opener.isConnected && opener.focus(), 0);
    },
    [opener],
  );
  return useCallback((content: HTMLElement | null) => (content ? focusFirstField(content) : undefined), []);
}
