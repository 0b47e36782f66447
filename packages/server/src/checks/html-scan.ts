/** An `<img>` of a rendered body, with its attributes as the reader's client sees them (entities decoded). */
export interface ScannedImage {
  src: string | undefined;
  alt: string | undefined;
  width: string | undefined;
  height: string | undefined;
}

/** An `<a>` of a rendered body; `href` undefined when the tag has none (an anchor target). */
export interface ScannedLink {
  href: string | undefined;
}

/** What the image and link checks read of one rendered body, found in one pass so no check parses it again. */
export interface ScannedHtml {
  images: ScannedImage[];
  links: ScannedLink[];
}

// A tag's attributes may hold a quoted `>`; the alternatives keep quoted values whole.
const TAG = /<(img|a)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
// Comments hold Outlook's conditional markup (MJML writes tables there), never an image or link to check.
const COMMENT = /<!--[\s\S]*?-->/g;

/**
 * The images and links of rendered HTML, by pattern: the checks need the attributes of two tags, not a DOM,
 * and a 200 KB body is scanned in a few milliseconds this way. A tag split by a stray quote is read up to it,
 * which at worst makes a finding less precise, never hides the rest of the body.
 */
export function scanHtml(html: string): ScannedHtml {
  const images: ScannedImage[] = [];
  const links: ScannedLink[] = [];
  for (const match of html.replace(COMMENT, '').matchAll(TAG)) {
    const attributes = attributesOf(match[2] ?? '');
    if (match[1]!.toLowerCase() === 'img')
      images.push({
        src: attributes.get('src'),
        alt: attributes.get('alt'),
        width: attributes.get('width'),
        height: attributes.get('height'),
      });
    else links.push({ href: attributes.get('href') });
  }
  return { images, links };
}

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (attributes.has(name)) continue; // the first of a repeated attribute wins, as in browsers
    attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** The entities Liquid's escape and MJML write in attributes, decoded so a URL reads as the client follows it. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}
