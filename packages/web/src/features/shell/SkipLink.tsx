import type { RefObject } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';

/**
 * The first tab stop of every signed-in screen, for keyboard users: hidden until focused, it moves focus past the
 * header and navigation to the page. Focus is moved by hand, since a #fragment would be a navigation to the
 * router.
 */
export function SkipLink({ main }: { main: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  return (
    <a
      href="#main-content"
      className="skip-link"
      data-testid="skip-link"
      onClick={(event) => {
        event.preventDefault();
        main.current?.focus();
      }}
    >
      {t('shell.skipToContent')}
    </a>
  );
}
