import { createHash } from 'node:crypto';
import { escapeText, escapeAttribute } from 'entities';
import type { FastifyReply } from 'fastify';
import { pageText, type PageLocale, type PageTextKey } from './page-text.ts';
import type { Subscription } from './subscriptions.ts';

/** The pages' one stylesheet, inline and allowed by its hash: the pages load nothing and run no script. */
const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1a1b1e;background:#f8f9fa}
main{max-width:32rem;margin:0 auto;background:#fff;padding:1.5rem 2rem;border-radius:8px;border:1px solid #dee2e6}
h1{font-size:1.5rem;margin-top:0}button{font:inherit;padding:.5rem 1rem;border-radius:4px;border:1px solid #1c7ed6;
background:#1c7ed6;color:#fff;cursor:pointer}button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #f08c00;
outline-offset:2px}a{color:#1864ab}fieldset{border:0;padding:0;margin:0 0 1rem}legend{font-weight:600;margin-bottom:.5rem}
label{display:block;margin:.25rem 0}.everything{margin:1rem 0}[role=status]{color:#2b8a3e;font-weight:600}`;
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** Strict: nothing but the inline stylesheet, forms posting back here only, framed by nobody. */
const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** A translation with its placeholders filled in, escaped as HTML text. */
function say(locale: PageLocale, key: PageTextKey, values: Record<string, string> = {}): string {
  return pageText(locale)[key].replace(/\{(\w+)\}/g, (_match, name: string) =>
    escapeText(values[name] ?? ''),
  );
}

function listNames(lists: readonly Subscription[]): string {
  return lists.map((list) => `“${list.name}”`).join(', ');
}

/** Sends a whole page with the strict policy and no caching (each page is one subscriber's). */
export function sendPage(
  reply: FastifyReply,
  locale: PageLocale,
  titleKey: PageTextKey,
  body: string,
  status = 200,
): FastifyReply {
  const title = say(locale, titleKey);
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .send(
      `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
        `<title>${title}</title><style>${STYLE}</style></head>` +
        `<body><main><h1>${title}</h1>${body}</main></body></html>`,
    );
}

/** The 404 of every page route: the same answer whatever was wrong with the link. */
export function sendPageNotFound(reply: FastifyReply, locale: PageLocale): FastifyReply {
  return sendPage(reply, locale, 'notFoundTitle', `<p>${say(locale, 'notFound')}</p>`, 404);
}

export function unsubscribePage(
  locale: PageLocale,
  input: { organization: string; lists: readonly Subscription[]; preferencesUrl: string },
): string {
  const question = input.lists.length
    ? say(locale, 'unsubscribeFromLists', { lists: listNames(input.lists), organization: input.organization })
    : say(locale, 'unsubscribeFromAll', { organization: input.organization });
  return (
    `<p>${question}</p><form method="post">` +
    `<input type="hidden" name="from" value="page">` +
    `<button type="submit">${say(locale, 'confirmUnsubscribe')}</button></form>` +
    `<p><a href="${escapeAttribute(input.preferencesUrl)}">${say(locale, 'choosePreferences')}</a></p>`
  );
}

export function unsubscribedPage(
  locale: PageLocale,
  input: { organization: string; lists: readonly Subscription[]; preferencesUrl: string },
): string {
  const done = input.lists.length
    ? say(locale, 'unsubscribedFromLists', {
        lists: listNames(input.lists),
        organization: input.organization,
      })
    : say(locale, 'unsubscribedFromAll', { organization: input.organization });
  return (
    `<p role="status">${done}</p>` +
    `<p><a href="${escapeAttribute(input.preferencesUrl)}">${say(locale, 'choosePreferences')}</a></p>`
  );
}

export function preferencesPage(
  locale: PageLocale,
  input: {
    organization: string;
    lists: readonly Subscription[];
    globallyUnsubscribed: boolean;
    saved: boolean;
  },
): string {
  const organization = { organization: input.organization };
  const status = input.saved ? `<p role="status">${say(locale, 'preferencesSaved')}</p>` : '';
  if (input.globallyUnsubscribed)
    return `${status}<p>${say(locale, 'globallyUnsubscribed', organization)}</p>`;
  const lists = input.lists.length
    ? `<p>${say(locale, 'preferencesIntro', organization)}</p><fieldset><legend>${say(locale, 'listsLegend')}</legend>` +
      input.lists
        .map(
          (list) =>
            `<label><input type="checkbox" name="stay" value="${list.listId}"${list.unsubscribed ? '' : ' checked'}> ` +
            `${escapeText(list.name)}</label>`,
        )
        .join('') +
      `</fieldset>`
    : `<p>${say(locale, 'noLists', organization)}</p>`;
  return (
    `${status}<form method="post">${lists}` +
    `<label class="everything"><input type="checkbox" name="everything" value="1"> ${say(locale, 'leaveEverything')}</label>` +
    `<button type="submit">${say(locale, 'savePreferences')}</button></form>`
  );
}
