/**
 * The preheader is the line an inbox shows after the subject. It travels as the first thing in the body,
 * hidden from the reader of the opened e-mail (the same markup MJML gives `<mj-preview>`, plus Outlook's
 * `mso-hide`). After it come invisible spacers (a zero-width non-joiner and a no-break space, with the
 * combining grapheme joiner some clients need), so an inbox with room for more shows blank space rather than
 * the first words of the body after the preheader.
 */
const PREVIEW_STYLE =
  'display:none;font-size:1px;color:#ffffff;line-height:1px;max-height:0px;max-width:0px;opacity:0;overflow:hidden;mso-hide:all;';
const SPACERS = '&#847;&zwnj;&nbsp;'.repeat(30);

/**
 * Places the preheader into an HTML template, as the Liquid output `{{ preheader }}`, which the body's
 * engine escapes like any other value: the preheader is plain text, so "Tom & Jerry" must arrive as
 * `Tom &amp; Jerry`. It goes straight after `<body …>` (the start of an HTML fragment without one) and on
 * the same line, so the author's line numbers stay right.
 */
export function withPreheaderSlot(html: string): string {
  const slot = `<div style="${PREVIEW_STYLE}">{{ preheader }}${SPACERS}</div>`;
  const body = /<body\b(?:[^>"']|"[^"]*"|'[^']*')*>/i.exec(html);
  if (!body) return slot + html;
  const at = body.index + body[0].length;
  return html.slice(0, at) + slot + html.slice(at);
}
