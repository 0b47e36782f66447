import { formatPercentage, type EngagementActivity, type EngagementFigures } from '@herald/protocol';
import type { CsvCell } from '../../platform/csv/csvText.ts';
import { activityRates, engagementRate, type SeriesMeasure } from './engagement.ts';

type Rows = CsvCell[][];

/** The figures in the order the sections show them, each with the rate shown beside it where it has one. */
const FIGURE_ORDER: ReadonlyArray<{ figure: keyof EngagementFigures; ratedBy?: keyof EngagementFigures }> = [
  { figure: 'sent' },
  { figure: 'opens' },
  { figure: 'uniqueOpens', ratedBy: 'uniqueOpens' },
  { figure: 'clicks' },
  { figure: 'uniqueClicks', ratedBy: 'uniqueClicks' },
  { figure: 'unsubscribes', ratedBy: 'unsubscribes' },
  { figure: 'bounced', ratedBy: 'bounced' },
  { figure: 'machineOpens' },
];

const percent = (value: number | null) => (value === null ? '' : formatPercentage(value));

/** Sections one after another, an empty row between two, as a reader scanning the file expects. */
export function csvSections(...sections: Rows[]): Rows {
  return sections
    .filter((section) => section.length > 0)
    .flatMap((section, index) => (index === 0 ? section : [[], ...section]));
}

/** "Figure, value, rate of the sends" rows; `label` names each figure in the interface language. */
export function engagementFigureRows(
  figures: EngagementFigures,
  headings: { figure: string; value: string; rate: string },
  label: (figure: keyof EngagementFigures) => string,
): Rows {
  return [
    [headings.figure, headings.value, headings.rate],
    ...FIGURE_ORDER.map(({ figure, ratedBy }) => [
      label(figure),
      figures[figure],
      ratedBy === undefined ? '' : percent(engagementRate(figures[ratedBy], figures.sent)),
    ]),
  ];
}

/** The top activities as a table: name, channel, sends, unique opens and clicks with their rates. */
export function topActivityRows(
  activities: readonly EngagementActivity[],
  headings: {
    activity: string;
    channel: string;
    sent: string;
    uniqueOpens: string;
    openRate: string;
    uniqueClicks: string;
    clickRate: string;
  },
  channelLabel: (channel: EngagementActivity['type']) => string,
): Rows {
  if (activities.length === 0) return [];
  return [
    [
      headings.activity,
      headings.channel,
      headings.sent,
      headings.uniqueOpens,
      headings.openRate,
      headings.uniqueClicks,
      headings.clickRate,
    ],
    ...activities.map((activity) => {
      const rates = activityRates(activity);
      return [
        activity.name,
        channelLabel(activity.type),
        activity.sent,
        activity.uniqueOpens,
        percent(rates.open),
        activity.uniqueClicks,
        percent(rates.click),
      ];
    }),
  ];
}

/** The per-day series as a table, a row a day with figures. */
export function seriesRows(
  series: ReadonlyArray<{ date: string } & Record<SeriesMeasure, number>>,
  headings: { date: string } & Record<SeriesMeasure, string>,
): Rows {
  return [
    [headings.date, headings.sent, headings.opens, headings.clicks, headings.unsubscribes],
    ...series.map((day) => [day.date, day.sent, day.opens, day.clicks, day.unsubscribes]),
  ];
}
