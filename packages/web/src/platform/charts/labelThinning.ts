/**
 * About how wide a label is drawn, in px. Ideographs (年, 月) take a full em, digits and Latin letters a little
 * over half. An estimate, not a measurement: measuring would need the label in the document first, and it
 * only has to keep neighbouring labels apart.
 */
export function labelWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const character of text) ems += (character.codePointAt(0) ?? 0) >= 0x2e80 ? 1 : 0.62;
  return Math.ceil(ems * fontSize);
}

/**
 * Which of `count` evenly spaced slots (`slotWidth` px apart) get their label, so labels `width` px wide,
 * centred on their slots, keep `gap` px between them: every n-th slot, counted back from the last, so the
 * latest period is always named.
 */
export function labelledSlots(count: number, slotWidth: number, width: number, gap: number): number[] {
  const every = slotWidth > 0 ? Math.max(1, Math.ceil((width + gap) / slotWidth)) : count;
  const slots: number[] = [];
  for (let index = count - 1; index >= 0; index -= every) slots.unshift(index);
  return slots;
}
