import type { EmailBlock } from '@herald/protocol';

/**
 * A block's words as the canvas shows them, as plain text: its HTML is parsed in an inert document (nothing
 * in it loads or runs) and only its text is kept, so the canvas never renders what the author wrote as HTML.
 */
export function blockSummary(block: EmailBlock): string {
  switch (block.type) {
    case 'text':
    case 'html':
      return textOf(block.html);
    case 'image':
      return block.alt || block.src;
    case 'button':
      return block.text;
    case 'social':
      return block.links.map((link) => link.network).join(', ');
    case 'spacer':
      return `${block.height}px`;
    case 'divider':
      return '';
    case 'contentBlock':
      if (block.contentBlockId === undefined) return '';
      return block.name ?? `#${block.contentBlockId}`;
  }
}

function textOf(html: string): string {
  if (typeof DOMParser === 'undefined')
    return html
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const document = new DOMParser().parseFromString(html, 'text/html');
  return (document.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
