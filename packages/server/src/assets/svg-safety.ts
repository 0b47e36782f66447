import { decodeHTML } from 'entities';
import { HeraldError } from '@herald/protocol';

/**
 * What makes an SVG unsafe to serve or place in an e-mail: script, event-handler attributes, javascript: (or
 * vbscript:, or data: other than an image) URLs, foreignObject (HTML inside the picture), other active
 * elements, external references (href, xlink:href, src or CSS url() and @import that leave the file), and
 * DTDs (entity expansion). This is a refusal scan, not a sanitizer: it only ever says no, and it says no to
 * anything that looks like one of these, written in any case and after entities are decoded, so an obfuscated
 * form is refused too. The served file's CSP `sandbox` (serve-asset.ts) is the second wall: even an SVG that got
 * through runs no script.
 */
const UNSAFE_PATTERNS: readonly RegExp[] = [
  /<\s*script\b/i,
  /<\s*foreignobject\b/i,
  /<\s*(iframe|embed|object|handler|listener|audio|video)\b/i,
  /<!\s*(doctype|entity)\b/i,
  // An attribute on… = (onload, onclick, onbegin …), wherever it stands in a tag.
  /[\s"'/]on[a-z]+\s*=/i,
  /(java|vb)script\s*:/i,
  /@import\b/i,
  // data: URLs other than images (a data:text/html frame) are as active as a javascript: one.
  /data\s*:\s*(?!image\/(png|jpe?g|gif|webp)[;,])/i,
];

/** href, xlink:href and src values, and CSS url(…) references. */
const REFERENCE = /(?:\b(?:href|src)\s*=\s*(["'])(.*?)\1)|(?:url\(\s*(["']?)(.*?)\3\s*\))/gis;

/** A reference that stays inside the file (a fragment) or carries its picture along (an image data URL). */
function isLocalReference(value: string): boolean {
  const reference = value.trim();
  return (
    reference === '' || reference.startsWith('#') || /^data:image\/(png|jpe?g|gif|webp);/i.test(reference)
  );
}

/** Refuses an unsafe SVG (UnsafeSvgError); answers nothing for a safe one. */
export function refuseUnsafeSvg(text: string): void {
  // Entities are decoded first, twice over, so `&#106;avascript:` and `&amp;#106;` are seen for what they are.
  const decoded = decodeHTML(decodeHTML(text));
  for (const source of [text, decoded]) {
    if (UNSAFE_PATTERNS.some((pattern) => pattern.test(source))) throw new HeraldError('UnsafeSvgError');
    for (const match of source.matchAll(REFERENCE)) {
      const value = match[2] ?? match[4] ?? '';
      if (!isLocalReference(value)) throw new HeraldError('UnsafeSvgError');
    }
  }
}
