import type { ReportLink } from '@herald/protocol';

/** An address as links are compared: trimmed, without a trailing slash, the scheme and host in lower case. */
function comparable(url: string): string {
  const trimmed = url.trim().replace(/\/$/, '');
  return trimmed.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, (origin) => origin.toLowerCase());
}

/**
 * The report's link an anchor of the rendered e-mail stands for: the tracked link with the same address (the
 * preview renders the original addresses; tracking rewrites them only when sending). Several anchors may
 * share a link; undefined for one the runs did not track.
 */
export function linkOfAnchor(href: string, links: readonly ReportLink[]): ReportLink | undefined {
  const wanted = comparable(href);
  return links.find((link) => comparable(link.url) === wanted);
}

/** Where each link's clicks go on the click map: its number in the links table (1-based) and its clicks. */
export interface ClickBadge {
  number: number;
  text: string;
}

/**
 * The rendered e-mail with each tracked link's clicks as a badge right after it (the click map). Parsed and
 * written back by the browser's own parser; the result still goes into a sandboxed frame, so nothing in it
 * runs whatever the e-mail holds.
 */
export function clickMapHtml(
  html: string,
  links: readonly ReportLink[],
  badge: (link: ReportLink) => ClickBadge,
): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const anchor of Array.from(document.querySelectorAll('a[href]'))) {
    const link = linkOfAnchor(anchor.getAttribute('href') ?? '', links);
    if (!link) continue;
    const { number, text } = badge(link);
    const mark = document.createElement('span');
    mark.textContent = `${number} · ${text}`;
    mark.setAttribute('data-click-badge', String(number));
    mark.setAttribute(
      'style',
      'display:inline-block;margin:0 4px;padding:1px 6px;border-radius:10px;background:#c92a2a;color:#fff;' +
        'font:bold 12px/18px sans-serif;vertical-align:middle;white-space:nowrap',
    );
    anchor.insertAdjacentElement('afterend', mark);
  }
  return `<!doctype html>${document.documentElement.outerHTML}`;
}
