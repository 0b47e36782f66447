/** Between the plot and its value labels, and below the period labels, in px. */
const GAP = 8;
/** The least room right of the plot, so its last bar or dot is not cut off. */
const MIN_RIGHT = 4;

/** Where a chart of counts draws: its plot area inside the svg, and how periods and counts map onto it. */
export interface CountPlot {
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** The width each period gets; its bar or point sits in the middle. */
  slotWidth: number;
  slotCenter(index: number): number;
  /** The period under a point of the svg, if it is over the plot. */
  slotAt(x: number): number | undefined;
  valueY(value: number): number;
}

export interface CountPlotSize {
  /** The svg's size. */
  width: number;
  height: number;
  /** How many periods, each with an equal slot, so the time axis is evenly spaced. */
  count: number;
  /** The top tick: the value drawn at the top of the plot. */
  maxValue: number;
  /** The widest value label and the widest period label, in px. */
  valueLabelWidth: number;
  periodLabelWidth: number;
  fontSize: number;
}

/**
 * Lays the plot out: the value labels on the left, the period labels below, and room on the right for the
 * last period's label to stand centred under its slot without being cut off.
 */
export function countPlot(size: CountPlotSize): CountPlot {
  const { width, height, count, maxValue, valueLabelWidth, periodLabelWidth, fontSize } = size;
  const slots = Math.max(count, 1);
  const left = Math.ceil(Math.max(valueLabelWidth + GAP, periodLabelWidth / 2));
  // The last label, centred on its slot, reaches half a label minus half a slot beyond the plot; the slot
  // itself shrinks as the right margin grows, hence the division.
  const overflow = (slots * periodLabelWidth - (width - left)) / (2 * slots - 1);
  const right = width - Math.max(MIN_RIGHT, Math.ceil(overflow));
  const top = Math.ceil(fontSize / 2) + 2;
  const bottom = height - fontSize - GAP - 4;
  const slotWidth = Math.max(right - left, 0) / slots;
  return {
    left,
    right,
    top,
    bottom,
    slotWidth,
    slotCenter: (index) => left + slotWidth * (index + 0.5),
    slotAt(x) {
      if (slotWidth <= 0 || x < left || x >= right) return undefined;
      return Math.min(Math.floor((x - left) / slotWidth), count - 1);
    },
    valueY: (value) => bottom - (maxValue > 0 ? (value / maxValue) * (bottom - top) : 0),
  };
}
