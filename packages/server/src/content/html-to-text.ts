import { decodeHTML, decodeHTMLAttribute } from 'entities';
import { LIQUID_MARKUP } from './liquid-markup.ts';

/**
 * Derives an e-mail's plain-text part from its HTML template, once per content (no well-kept converter is
 * among Herald's dependencies, so this is a small one for exactly this job). Liquid markup is set aside first
 * and put back whole, wherever it stood, even in an `href`, so the text is a Liquid template too, rendered per
 * recipient like the HTML: `<a href="{{ unsubscribe_url }}">Unsubscribe</a>` becomes
 * `Unsubscribe ({{ unsubscribe_url }})`.
 *
 * What a reader of the text part needs: the words in reading order, a line per block, links as
 * "label (url)", list items as "- ", and nothing of the head, styles, scripts, comments (Outlook's
 * conditional markup included) or hidden elements (the preview text).
 */
export function htmlToText(html: string): string {
  const liquid: string[] = [];
  const protectedHtml = html
    .replace(/[\uE000-\uE005]|&#(?:[xX]0*[eE]00[0-5]|0*5734[4-9]);/g, '')
    .replace(LIQUID_MARKUP, (markup) => `\uE000${liquid.push(markup) - 1}\uE001`);
  return convert(protectedHtml).replace(
    /\uE000(\d+)\uE001/g,
    (_match, index: string) => liquid[Number(index)] ?? '',
  );
}

/*
 * Marks for the breaks the markup decides, apart from the source's own whitespace, which collapses: private-use
 * characters, which no e-mail needs and the input is cleared of (written raw or as references). Where several
 * meet (a div closing, a table opening) they make one break: a paragraph's blank line if any of them is a
 * paragraph, else a line; only <br> (and a line break inside <pre>) counts one by one.
 */
const LINE = '\uE002';
/** Whitespace inside <pre>, kept as written. */
const KEPT_SPACE = '\uE003';
const PARAGRAPH = '\uE004';
const BREAK = '\uE005';

const TOKEN = /<!--[\s\S]*?-->|<[!?][^>]*>|<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

/** Elements whose content is never text, skipped to their closing tag without reading what is inside. */
const SKIPPED_WHOLE = new Set(['head', 'script', 'style', 'title', 'template', 'noscript', 'xml']);
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'wbr',
]);
/** Blocks set apart by a blank line; the other blocks start a line. */
const PARAGRAPH_BLOCK = new Set([
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'ol',
  'p',
  'pre',
  'table',
  'ul',
]);
const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'center',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'tfoot',
  'thead',
  'tr',
  'ul',
]);

interface OpenLink {
  href: string;
  /** Where the link's label starts in the output. */
  start: number;
  imageAlt: string;
}

function convert(html: string): string {
  let out = '';
  const links: OpenLink[] = [];
  /** An element hidden with display:none, skipped with everything in it; depth counts nested same tags. */
  let hidden: { name: string; depth: number } | undefined;
  let preDepth = 0;
  let textFrom = 0;

  const addText = (text: string) => {
    const decoded = decodeHTML(text);
    out += preDepth > 0 ? decoded.replace(/\r?\n/g, BREAK).replace(/[ \t]/g, KEPT_SPACE) : decoded;
  };

  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(html); match !== null; match = TOKEN.exec(html)) {
    if (!hidden) addText(html.slice(textFrom, match.index));
    textFrom = TOKEN.lastIndex;
    const [, slash, rawName, rawAttributes] = match;
    if (rawName === undefined) continue; // a comment, doctype or processing instruction
    const name = rawName.toLowerCase();
    const closing = slash === '/';
    const selfClosing = VOID.has(name) || (rawAttributes ?? '').trimEnd().endsWith('/');

    if (hidden) {
      if (name === hidden.name && !selfClosing) hidden.depth += closing ? -1 : 1;
      if (hidden.depth === 0) hidden = undefined;
      continue;
    }
    if (closing) {
      closeElement(name);
      continue;
    }
    if (SKIPPED_WHOLE.has(name)) {
      const end = new RegExp(`</${name}\\s*>`, 'ig');
      end.lastIndex = TOKEN.lastIndex;
      const found = end.exec(html);
      TOKEN.lastIndex = found ? end.lastIndex : html.length;
      textFrom = TOKEN.lastIndex;
      continue;
    }
    const attributes = readAttributes(rawAttributes ?? '');
    if (/display\s*:\s*none/i.test(attributes.get('style') ?? '') || attributes.has('hidden')) {
      if (!selfClosing) hidden = { name, depth: 1 };
      continue;
    }
    openElement(name, attributes);
  }
  if (!hidden) addText(html.slice(textFrom));
  while (links.length > 0) closeElement('a');
  return tidy(out);

  function openElement(name: string, attributes: ReadonlyMap<string, string>) {
    if (name === 'br') out += BREAK;
    else if (name === 'li') out += `${LINE}- `;
    else out += blockMark(name);
    if (name === 'pre') preDepth += 1;
    if (name === 'a')
      links.push({ href: (attributes.get('href') ?? '').trim(), start: out.length, imageAlt: '' });
    if (name === 'img') {
      const link = links.at(-1);
      const alt = (attributes.get('alt') ?? '').trim();
      if (link && alt && !link.imageAlt) link.imageAlt = alt;
    }
  }

  function closeElement(name: string) {
    if (name === 'a') {
      const link = links.pop();
      if (link) out = out.slice(0, link.start) + linkText(out.slice(link.start), link);
      return;
    }
    if (name === 'pre') preDepth = Math.max(0, preDepth - 1);
    // A list item's line starts at its opening tag; a cell is a word apart from the next cell in its row.
    if (name === 'td' || name === 'th') out += ' ';
    else out += blockMark(name);
  }
}

function blockMark(name: string): string {
  if (PARAGRAPH_BLOCK.has(name)) return PARAGRAPH;
  return BLOCK.has(name) ? LINE : '';
}

/** A link as "label (url)": the url only where it adds something the label does not already say. */
function linkText(label: string, link: OpenLink): string {
  const shown = label.replace(/\s+/g, ' ').trim();
  // A linked image with no words (a logo, a banner) is labelled by its alt text.
  const labelled = shown ? label : link.imageAlt;
  const plainLabel = shown || link.imageAlt;
  const href = link.href;
  if (!href || href.startsWith('#') || /^javascript:/i.test(href)) return labelled;
  if (!plainLabel) return href;
  const bare = href.replace(/^(mailto:|tel:|https?:\/\/)/i, '').replace(/\/$/, '');
  if (plainLabel === href || plainLabel.replace(/\/$/, '') === bare) return labelled;
  return `${labelled} (${href})`;
}

function readAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(source); match !== null; match = ATTRIBUTE.exec(source)) {
    const [, name, doubleQuoted, singleQuoted, unquoted] = match;
    if (!name || name === '/') continue;
    attributes.set(name.toLowerCase(), decodeHTMLAttribute(doubleQuoted ?? singleQuoted ?? unquoted ?? ''));
  }
  return attributes;
}

/** Source whitespace collapses as a browser collapses it; the markup's breaks stay, two at most in a row. */
function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\u200b|\u200c|\u200d|\u034f|\u00ad|\ufeff/g, '')
    .replace(/ *[\uE002\uE004\uE005][ \uE002\uE004\uE005]*/g, (run) => {
      const breaks = run.split(BREAK).length - 1;
      const lines = Math.max(breaks, run.includes(PARAGRAPH) ? 2 : 1);
      return '\n'.repeat(Math.min(lines, 2));
    })
    .replace(/\uE003/g, ' ')
    .trim();
}
