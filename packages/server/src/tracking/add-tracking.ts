import { escapeAttribute } from 'entities';
import { Parser } from 'htmlparser2';
import { TRACKING_PATHS, type TrackingTokens } from './tracking-token.ts';

export interface TrackedMessage {
  html: string;
  /** The tracked links' addresses, in the order of their indexes. */
  links: string[];
}

interface Anchor {
  start: number;
  end: number;
  attributes: Record<string, string>;
  href: string;
}

/**
 * Open and click tracking of a rendered e-mail (docs/architecture.md § Tracking): every `<a href>` to an http or
 * https address becomes a click URL on `baseUrl` (the tracking domain or the public URL), and a 1×1 open pixel
 * goes before `</body>` (at the end when there is none). Left alone: mailto:, tel: and other schemes, anchors
 * marked `data-herald-untracked`, and Herald's own tracking links (the unsubscribe, preference and view-online
 * links the engine puts in). HTML is read with htmlparser2, never with patterns, so comments, scripts and
 * attributes that merely contain "href" are not rewritten; only the rewritten tags change, the rest is kept byte
 * for byte.
 *
 * A link whose address equals `runLinks[i]` (the run's links, recorded once by tracked-links.ts) gets a token
 * naming index i; any other (a personalized address) gets the address signed into its token, so a click can
 * never lead to another recipient's address. `pixel: false` leaves the pixel out (an on-site message counts its
 * impression from the site's script).
 */
export function addTracking(
  html: string,
  deliveryId: string,
  baseUrl: string,
  options: { tokens: TrackingTokens; runLinks?: readonly string[]; pixel?: boolean },
): TrackedMessage {
  const { anchors, bodyClose } = readAnchors(html);
  const links = anchors.map((anchor) => anchor.href);
  const pieces: string[] = [];
  let at = 0;
  anchors.forEach((anchor, linkIndex) => {
    const url = options.runLinks?.[linkIndex] === anchor.href ? undefined : anchor.href;
    const href = options.tokens.urlFor(baseUrl, { deliveryId, kind: 'click', linkIndex, url });
    pieces.push(html.slice(at, anchor.start), openTag('a', { ...anchor.attributes, href }));
    at = anchor.end + 1;
  });
  if (options.pixel === false) {
    pieces.push(html.slice(at));
    return { html: pieces.join(''), links };
  }
  const pixelAt = bodyClose ?? html.length;
  const pixel = `<img src="${escapeAttribute(options.tokens.urlFor(baseUrl, { deliveryId, kind: 'open' }))}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
  pieces.push(html.slice(at, pixelAt), pixel, html.slice(pixelAt));
  return { html: pieces.join(''), links };
}

/** The links addTracking would track in a message, in index order: what the engine records once per run. */
export function trackedLinksOf(html: string): string[] {
  return readAnchors(html).anchors.map((anchor) => anchor.href);
}

/** A Herald tracking link on any host (the public URL or a tracking domain): already tracked, or a page. */
const OWN_LINK = new RegExp(
  `^https?://[^/?#]+/t/[${Object.values(TRACKING_PATHS).join('')}]/[A-Za-z0-9_-]+$`,
  'i',
);

function readAnchors(html: string): { anchors: Anchor[]; bodyClose: number | undefined } {
  const anchors: Anchor[] = [];
  let bodyClose: number | undefined;
  const parser: Parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== 'a' || attributes['data-herald-untracked'] !== undefined) return;
        const href = (attributes.href ?? '').trim();
        if (!/^https?:\/\//i.test(href) || OWN_LINK.test(href)) return;
        anchors.push({ start: parser.startIndex, end: parser.endIndex, attributes, href });
      },
      onclosetag(name, isImplied) {
        if (name === 'body' && !isImplied) bodyClose = parser.startIndex;
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return { anchors, bodyClose };
}

function openTag(name: string, attributes: Record<string, string>): string {
  const written = Object.entries(attributes).map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`);
  return `<${name}${written.join('')}>`;
}
