import { createTheme } from '@mantine/core';
import type { CSSVariablesResolver } from '@mantine/core';
import { accessibleColors, dimmedText, FILLED_SHADE } from './accessibleColors.ts';

/**
 * Every text reaches WCAG AA contrast (the accessibility test, docs/architecture.md § Tests). Filled colours use
 * shade 8 (indigo 8 is 5.7:1 under white text, where Mantine's default shade 6 was 4.3:1), and the palettes are
 * darkened where even that falls short.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: FILLED_SHADE, dark: FILLED_SHADE },
  colors: accessibleColors,
  defaultRadius: 'md',
  components: {
    // Plain objects rather than Menu.extend(), so the sign-in bundle does not carry Menu. Without the focus
    // placeholder (a focusable role="presentation" div, which a role="menu" may not hold) focus goes to the
    // first item.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A modal's or drawer's title bar is a <header>, a second banner landmark beside the app's own header.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});

/**
 * Dimmed and placeholder text darker than Mantine's gray 6, and field errors in red 9 rather than red 6 (3.7:1 on
 * white, below AA); the app has a light scheme only (index.html's color-scheme).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Placeholders too: a file input shows its placeholder as text in the field.
  light: {
    '--mantine-color-dimmed': dimmedText,
    '--mantine-color-placeholder': dimmedText,
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
