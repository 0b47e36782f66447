import { Text, Tooltip, type TextProps } from '@mantine/core';
import { TOOLTIP_HIDE_DELAY_MS, TOOLTIP_SHOW_DELAY_MS } from '@herald/protocol';
import { useTranslation } from '../i18n/useTranslation.ts';
import { compactFigure, exactFigure } from './figures.ts';

/**
 * The one way the console shows a count. `compact` (cards, tables): three significant figures, the exact
 * figure in a tooltip on hover. `exact` (list and audience headers, the builder's
 * count, where a marketer needs the size itself): the whole number with the language's digit grouping.
 * Either way the element carries `data-exact` with the plain number, which tests and scripts read.
 */
export function Figure({
  value,
  display = 'compact',
  ...textProps
}: { value: number; display?: 'compact' | 'exact' } & TextProps & {
    [data: `data-${string}`]: string | number | undefined;
  }) {
  const { i18n } = useTranslation();
  const exact = exactFigure(value, i18n.language);
  if (display === 'exact') {
    return (
      <Text component="span" inherit data-exact={value} {...textProps}>
        {exact}
      </Text>
    );
  }
  const compact = compactFigure(value);
  return (
    <Tooltip
      label={exact}
      disabled={compact === exact}
      openDelay={TOOLTIP_SHOW_DELAY_MS}
      closeDelay={TOOLTIP_HIDE_DELAY_MS}
      withinPortal
    >
      <Text component="span" inherit data-exact={value} {...textProps}>
        {compact}
      </Text>
    </Tooltip>
  );
}
