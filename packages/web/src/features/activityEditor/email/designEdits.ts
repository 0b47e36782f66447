import type { EmailBlock, EmailBlockType, EmailColumn, EmailDesign, EmailSection } from '@herald/protocol';

/**
 * The design changes the editor makes, as pure functions of the design: each answers a new design and leaves
 * the old one as it was, so the undo history can keep every step.
 */

/** A new id for a section, column or block: random, so two tabs editing one design do not collide. */
export function newDesignId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return prefix + Array.from(bytes, (byte) => byte.toString(36).padStart(2, '0')).join('');
}

/** Where a block sits: its section, column and place in the column. */
export interface BlockPlace {
  sectionIndex: number;
  columnIndex: number;
  blockIndex: number;
}

export function findBlock(design: EmailDesign, blockId: string): BlockPlace | undefined {
  for (const [sectionIndex, section] of design.sections.entries())
    for (const [columnIndex, column] of section.columns.entries()) {
      const blockIndex = column.blocks.findIndex((block) => block.id === blockId);
      if (blockIndex !== -1) return { sectionIndex, columnIndex, blockIndex };
    }
  return undefined;
}

/** The column holding a block or with that id, for adding a block beside what is selected. */
export function findColumn(
  design: EmailDesign,
  id: string,
): { sectionIndex: number; columnIndex: number } | undefined {
  const place = findBlock(design, id);
  if (place) return place;
  for (const [sectionIndex, section] of design.sections.entries()) {
    if (section.id === id) return { sectionIndex, columnIndex: 0 };
    const columnIndex = section.columns.findIndex((column) => column.id === id);
    if (columnIndex !== -1) return { sectionIndex, columnIndex };
  }
  return undefined;
}

export function newColumn(): EmailColumn {
  return { id: newDesignId('c'), blocks: [] };
}

export function newSection(columns = 1): EmailSection {
  return { id: newDesignId('s'), columns: Array.from({ length: columns }, newColumn) };
}

/** A fresh block of a type, with what it needs to render something sensible; the words come from the editor. */
export function newBlock(
  type: EmailBlockType,
  words: { text: string; button: string; imageAlt: string },
): EmailBlock {
  const id = newDesignId('b');
  switch (type) {
    case 'text':
      return { id, type, html: `<p>${escapeHtml(words.text)}</p>` };
    case 'image':
      return { id, type, src: '', alt: words.imageAlt };
    case 'button':
      return { id, type, text: words.button, href: '{{ view_online_url }}' };
    case 'divider':
      return { id, type };
    case 'spacer':
      return { id, type, height: 24 };
    case 'social':
      return { id, type, links: [{ network: 'facebook', href: 'https://facebook.com/' }] };
    case 'html':
      return { id, type, html: '<p></p>' };
    case 'contentBlock':
      // Nothing chosen yet: the editor opens the content block picker straight away.
      return { id, type };
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function withSections(design: EmailDesign, sections: EmailSection[]): EmailDesign {
  return { ...design, sections };
}

function mapColumn(
  design: EmailDesign,
  sectionIndex: number,
  columnIndex: number,
  change: (blocks: EmailBlock[]) => EmailBlock[],
): EmailDesign {
  return withSections(
    design,
    design.sections.map((section, s) =>
      s !== sectionIndex
        ? section
        : {
            ...section,
            columns: section.columns.map((column, c) =>
              c === columnIndex ? { ...column, blocks: change(column.blocks) } : column,
            ),
          },
    ),
  );
}

/** Adds a block after the selected block, at the end of the selected column or section, or in a new section. */
export function addBlock(
  design: EmailDesign,
  block: EmailBlock,
  selectedId: string | undefined,
): EmailDesign {
  const place = selectedId === undefined ? undefined : findColumn(design, selectedId);
  if (!place) {
    const section = newSection();
    section.columns[0]!.blocks.push(block);
    return withSections(design, [...design.sections, section]);
  }
  const after = selectedId === undefined ? undefined : findBlock(design, selectedId);
  return mapColumn(design, place.sectionIndex, place.columnIndex, (blocks) => {
    const at = after ? after.blockIndex + 1 : blocks.length;
    return [...blocks.slice(0, at), block, ...blocks.slice(at)];
  });
}

/** Adds a section after the selected one (or the one holding the selection), or at the end. */
export function addSection(
  design: EmailDesign,
  section: EmailSection,
  selectedId: string | undefined,
): EmailDesign {
  const place = selectedId === undefined ? undefined : findColumn(design, selectedId);
  const at = place ? place.sectionIndex + 1 : design.sections.length;
  return withSections(design, [...design.sections.slice(0, at), section, ...design.sections.slice(at)]);
}

export function updateBlock(design: EmailDesign, block: EmailBlock): EmailDesign {
  const place = findBlock(design, block.id);
  if (!place) return design;
  return mapColumn(design, place.sectionIndex, place.columnIndex, (blocks) =>
    blocks.map((each) => (each.id === block.id ? block : each)),
  );
}

export function updateSection(design: EmailDesign, section: EmailSection): EmailDesign {
  return withSections(
    design,
    design.sections.map((each) => (each.id === section.id ? section : each)),
  );
}

/** A section with n columns: blocks of columns taken away move into the last column kept. */
export function withColumnCount(section: EmailSection, count: number): EmailSection {
  if (count >= section.columns.length)
    return {
      ...section,
      columns: [...section.columns, ...Array.from({ length: count - section.columns.length }, newColumn)],
    };
  const kept = section.columns.slice(0, count);
  const moved = section.columns.slice(count).flatMap((column) => column.blocks);
  const last = kept[count - 1]!;
  return { ...section, columns: [...kept.slice(0, -1), { ...last, blocks: [...last.blocks, ...moved] }] };
}

export function removeItem(design: EmailDesign, id: string): EmailDesign {
  const place = findBlock(design, id);
  if (place)
    return mapColumn(design, place.sectionIndex, place.columnIndex, (blocks) =>
      blocks.filter((block) => block.id !== id),
    );
  return withSections(
    design,
    design.sections.filter((section) => section.id !== id),
  );
}

/** Moves a block or a section one place up (-1) or down (+1); a block at a column's end stays. */
export function moveItem(design: EmailDesign, id: string, by: -1 | 1): EmailDesign {
  const place = findBlock(design, id);
  if (place)
    return mapColumn(design, place.sectionIndex, place.columnIndex, (blocks) =>
      moveInList(blocks, place.blockIndex, place.blockIndex + by),
    );
  const index = design.sections.findIndex((section) => section.id === id);
  if (index === -1) return design;
  return withSections(design, moveInList(design.sections, index, index + by));
}

/**
 * Drops a dragged block onto another block (taking its place, in any column) or a dragged section onto another
 * section. Anything else leaves the design as it was.
 */
export function dropItem(design: EmailDesign, draggedId: string, overId: string): EmailDesign {
  if (draggedId === overId) return design;
  const from = findBlock(design, draggedId);
  if (from) {
    const to = findBlock(design, overId) ?? columnEnd(design, overId);
    if (!to) return design;
    const block = design.sections[from.sectionIndex]!.columns[from.columnIndex]!.blocks[from.blockIndex]!;
    if (from.sectionIndex === to.sectionIndex && from.columnIndex === to.columnIndex)
      return mapColumn(design, from.sectionIndex, from.columnIndex, (blocks) =>
        moveInList(blocks, from.blockIndex, Math.min(to.blockIndex, blocks.length - 1)),
      );
    const without = mapColumn(design, from.sectionIndex, from.columnIndex, (blocks) =>
      blocks.filter((each) => each.id !== draggedId),
    );
    return mapColumn(without, to.sectionIndex, to.columnIndex, (blocks) => [
      ...blocks.slice(0, to.blockIndex),
      block,
      ...blocks.slice(to.blockIndex),
    ]);
  }
  const fromSection = design.sections.findIndex((section) => section.id === draggedId);
  const toSection = design.sections.findIndex((section) => section.id === overId);
  if (fromSection === -1 || toSection === -1) return design;
  return withSections(design, moveInList(design.sections, fromSection, toSection));
}

/** The end of a column, by its id: where a block dropped on an empty column goes. */
function columnEnd(design: EmailDesign, columnId: string): BlockPlace | undefined {
  for (const [sectionIndex, section] of design.sections.entries()) {
    const columnIndex = section.columns.findIndex((column) => column.id === columnId);
    if (columnIndex !== -1)
      return { sectionIndex, columnIndex, blockIndex: section.columns[columnIndex]!.blocks.length };
  }
  return undefined;
}

function moveInList<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
}

/**
 * The design under a theme (by id), or under none. Choosing a theme hands it the e-mail's width, font and
 * backgrounds, so the design's own are dropped (undo brings them back); its other attributes stay.
 */
export function withTheme(design: EmailDesign, themeId: number | undefined): EmailDesign {
  const { theme, ...rest } = design;
  const { themeId: _previous, ...kept } = theme ?? {};
  if (themeId === undefined) return Object.keys(kept).length === 0 ? rest : { ...rest, theme: kept };
  const {
    width: _width,
    fontFamily: _fontFamily,
    backgroundColor: _backgroundColor,
    contentBackgroundColor: _contentBackgroundColor,
    ...unstyled
  } = rest;
  return { ...unstyled, theme: { ...kept, themeId } };
}
