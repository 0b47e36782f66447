import { Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { formatNumber } from '@herald/protocol';
import { useId, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { countPlot } from './countPlot.ts';
import { countTicks } from './countTicks.ts';
import { labelledSlots, labelWidth } from './labelThinning.ts';

/** One period of a chart of counts. */
export interface CountPoint {
  /** The period itself ('2024-03', '2024'). */
  key: string;
  /** The period as people read it ('Mar 2024'). */
  label: string;
  value: number;
}

const FONT_SIZE = 12;
/** Between a label and the plot, and between two period labels. */
const LABEL_GAP = 8;
/** Beyond this many points a line has no dots: they would run together into a thick line. */
const MAX_DOTS = 40;
const MAX_BAR_WIDTH = 48;

interface CountChartProps {
  kind: 'bars' | 'line';
  points: readonly CountPoint[];
  /** What the values count ('New subscribers'), for the tooltip and the table. */
  valueName: string;
  /** The id of the heading that names the chart. */
  labelledBy: string;
  /** A theme colour variable (var(--mantine-color-blue-7)), so the chart follows the colour scheme. */
  color: string;
  height?: number;
}

/**
 * Counts over evenly spaced periods, as bars or as a straight line (linear segments, dots while there are few
 * points), on a whole-number axis. Pointing at a period, or moving to it with the arrow keys once the chart has
 * focus, shows its exact count; screen readers get the same numbers as a table and hear each period as the
 * arrows reach it. Drawn in the width it is given, measured, so text keeps its size on any screen.
 */
export function CountChart({ kind, points, valueName, labelledBy, color, height = 220 }: CountChartProps) {
  const { t, i18n } = useTranslation();
  const { ref, width } = useElementSize();
  const hintId = useId();
  const [hovered, setHovered] = useState<number>();
  const [focused, setFocused] = useState<number>();
  const exact = (value: number) => new Intl.NumberFormat(i18n.language).format(value);

  const ticks = countTicks(Math.max(0, ...points.map((point) => point.value)));
  const tickLabels = ticks.map((tick) => formatNumber(tick));
  const periodLabelWidth = Math.max(0, ...points.map((point) => labelWidth(point.label, FONT_SIZE)));
  const plot = countPlot({
    width,
    height,
    count: points.length,
    maxValue: ticks.at(-1) ?? 1,
    valueLabelWidth: Math.max(...tickLabels.map((label) => labelWidth(label, FONT_SIZE))),
    periodLabelWidth,
    fontSize: FONT_SIZE,
  });
  const last = points.length - 1;
  // An index kept from a longer range may point past the new one's end.
  const within = (index: number | undefined) =>
    index !== undefined && index >= 0 && index <= last ? index : undefined;
  const active = within(hovered) ?? within(focused);
  const activePoint = active === undefined ? undefined : points[active];

  const pointAt = (event: PointerEvent<SVGSVGElement>) =>
    plot.slotAt(event.clientX - event.currentTarget.getBoundingClientRect().left);
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const current = within(focused) ?? last;
    const moves: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowRight: current + 1,
      Home: 0,
      End: last,
    };
    if (event.key === 'Escape') {
      setFocused(undefined);
      return;
    }
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setHovered(undefined);
    setFocused(Math.min(Math.max(next, 0), last));
  };

  const bars = () => {
    const barWidth = Math.min(plot.slotWidth * 0.75, MAX_BAR_WIDTH);
    return points.map((point, index) =>
      point.value > 0 ? (
        <rect
          key={point.key}
          x={plot.slotCenter(index) - barWidth / 2}
          y={plot.valueY(point.value)}
          width={barWidth}
          height={plot.bottom - plot.valueY(point.value)}
          rx={Math.min(2, barWidth / 4)}
          fill={color}
        />
      ) : null,
    );
  };
  const line = () => (
    <>
      <path
        d={points
          .map(
            (point, index) =>
              `${index === 0 ? 'M' : 'L'}${plot.slotCenter(index)},${plot.valueY(point.value)}`,
          )
          .join(' ')}
        fill="none"
        stroke={color}
        strokeWidth={2}
        strokeLinejoin="round"
      />
      {points.map((point, index) =>
        points.length <= MAX_DOTS || index === active ? (
          <circle
            key={point.key}
            cx={plot.slotCenter(index)}
            cy={plot.valueY(point.value)}
            r={index === active ? 5 : 3}
            fill={color}
            stroke="var(--mantine-color-body)"
            strokeWidth={1.5}
          />
        ) : null,
      )}
    </>
  );

  return (
    <div ref={ref} style={{ position: 'relative', height }}>
      {width > 0 && (
        <svg
          width={width}
          height={height}
          role="img"
          aria-labelledby={labelledBy}
          aria-describedby={hintId}
          tabIndex={0}
          className="mantine-focus-auto"
          style={{ display: 'block' }}
          onPointerMove={(event) => setHovered(pointAt(event))}
          onPointerDown={(event) => setFocused(pointAt(event))}
          onPointerLeave={() => setHovered(undefined)}
          onFocus={() => setFocused((previous) => previous ?? last)}
          onBlur={() => setFocused(undefined)}
          onKeyDown={onKeyDown}
        >
          {ticks.map((tick, index) => (
            <g key={tick}>
              <line
                x1={plot.left}
                x2={plot.right}
                y1={plot.valueY(tick)}
                y2={plot.valueY(tick)}
                stroke="var(--mantine-color-default-border)"
                strokeDasharray={tick === 0 ? undefined : '4 4'}
              />
              <text
                className="herald-chart-y-tick"
                x={plot.left - LABEL_GAP}
                y={plot.valueY(tick)}
                textAnchor="end"
                dominantBaseline="central"
                fontSize={FONT_SIZE}
                fill="var(--mantine-color-dimmed)"
              >
                {tickLabels[index]}
              </text>
            </g>
          ))}
          {active !== undefined && (
            <rect
              x={plot.left + plot.slotWidth * active}
              y={plot.top}
              width={plot.slotWidth}
              height={plot.bottom - plot.top}
              fill="var(--mantine-color-default-hover)"
            />
          )}
          {kind === 'bars' ? bars() : line()}
          {labelledSlots(points.length, plot.slotWidth, periodLabelWidth, LABEL_GAP).map((index) => (
            <text
              key={points[index]?.key}
              className="herald-chart-x-tick"
              x={plot.slotCenter(index)}
              y={plot.bottom + LABEL_GAP}
              textAnchor="middle"
              dominantBaseline="hanging"
              fontSize={FONT_SIZE}
              fill="var(--mantine-color-dimmed)"
            >
              {points[index]?.label}
            </text>
          ))}
        </svg>
      )}
      {active !== undefined && activePoint && (
        <Paper
          aria-hidden
          data-testid="chart-tooltip"
          shadow="md"
          withBorder
          px="sm"
          py={6}
          style={{
            position: 'absolute',
            top: Math.max(0, Math.min(plot.valueY(activePoint.value) - 28, height - 64)),
            // Beside the period, on the side with more room.
            ...(plot.slotCenter(active) < width / 2
              ? { left: plot.slotCenter(active) + plot.slotWidth / 2 + 4 }
              : { right: width - plot.slotCenter(active) + plot.slotWidth / 2 + 4 }),
            pointerEvents: 'none',
            whiteSpace: 'nowrap',
          }}
        >
          <Text size="sm" fw={600}>
            {activePoint.label}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <span style={{ width: 10, height: 10, borderRadius: 2, background: color }} />
            <Text size="sm" c="dimmed">
              {valueName}
            </Text>
            <Text size="sm" fw={600} ml="auto">
              {exact(activePoint.value)}
            </Text>
          </Group>
        </Paper>
      )}
      <VisuallyHidden id={hintId}>{t('charts.keyboardHint')}</VisuallyHidden>
      {/* What the arrows reach, said aloud; the tooltip above is for the eye. */}
      <VisuallyHidden aria-live="polite">
        {hovered === undefined && focused !== undefined && activePoint
          ? t('charts.point', { period: activePoint.label, name: valueName, value: exact(activePoint.value) })
          : ''}
      </VisuallyHidden>
      <VisuallyHidden component="div">
        <table aria-labelledby={labelledBy}>
          <thead>
            <tr>
              <th scope="col">{t('charts.period')}</th>
              <th scope="col">{valueName}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.key}>
                <th scope="row">{point.label}</th>
                <td>{exact(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </div>
  );
}
