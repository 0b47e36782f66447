import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { isMachineOpen } from './machine-opens.ts';
import { pageLocaleOf } from './page-text.ts';
import { preferencesPage, sendPage, sendPageNotFound, unsubscribedPage, unsubscribePage } from './pages.ts';
import {
  applySubscriptionChange,
  isGloballyUnsubscribed,
  subscriptionsOf,
  unsubscribe,
  unsubscribeScope,
  type Subscription,
} from './subscriptions.ts';
import { recordTrackingEvent, trackedDelivery, type TrackedDelivery } from './tracked-delivery.ts';
import { runLinkAt } from './tracked-links.ts';
import { announceChanges } from '../subscribers/announce-changes.ts';
import { viewOnlineHtml } from '../delivery/view-online.ts';
import { trackingPath, type TrackingKind } from './tracking-token.ts';

/** The transparent 1×1 GIF of the open pixel. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** Forms here are a few checkboxes; RFC 8058's body is one field. */
const FORM_BODY_LIMIT = 8 * 1024;

/**
 * Routes take the token as a wildcard: the router refuses named parameters past 100 characters, and a click
 * token with a personalized address signed into it is longer.
 */
type TokenRequest = FastifyRequest<{ Params: { '*': string }; Body: unknown }>;

/**
 * The tracking routes (PROTOCOL §9; docs/http.md § Tracking), on the public URL and on verified tracking domains:
 * the open pixel, the click redirect, the unsubscribe page with its one-click POST (RFC 8058) and the preference
 * page. Every failure of a token (unsigned, altered, another kind's, another organization's domain, a delivery
 * gone) answers the same 404; a database failure while recording an open or a click is logged and the reader
 * still gets the pixel or the redirect. Each open or click is one insert.
 */
export async function registerTrackingPageRoutes(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (scope) => {
    // Bodies are read as text: the pages' forms are urlencoded, RFC 8058 mail clients may also post multipart,
    // whose fields the one-click route does not need (the POST itself is the request).
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (request, body, done) =>
        done(
          null,
          /^application\/x-www-form-urlencoded/i.test(request.headers['content-type'] ?? '')
            ? new URLSearchParams(String(body))
            : new URLSearchParams(),
        ),
    );
    const find = (request: TokenRequest, kind: TrackingKind) =>
      trackedDelivery(services, request.params['*'], kind, request.hostname);

    scope.get('/t/o/*', async (request: TokenRequest, reply) => {
      const delivery = await find(request, 'open');
      if (!delivery) return notFound(reply);
      const machine = isMachineOpen(request.headers['user-agent'], request.ip);
      await record(request, delivery, () =>
        recordTrackingEvent(services.db, delivery, 'opened', { machine }),
      );
      return reply
        .header('content-type', 'image/gif')
        .header('cache-control', 'no-store, no-cache, must-revalidate, max-age=0')
        .header('pragma', 'no-cache')
        .header('expires', '0')
        .send(PIXEL);
    });

    scope.get('/t/c/*', async (request: TokenRequest, reply) => {
      const delivery = await find(request, 'click');
      const linkIndex = delivery?.payload.linkIndex;
      if (!delivery || linkIndex === undefined) return notFound(reply);
      const url = delivery.payload.url ?? (await runLinkAt(services.db, delivery.runId, linkIndex));
      if (!url || !/^https?:\/\//i.test(url)) return notFound(reply);
      await record(request, delivery, () =>
        recordTrackingEvent(services.db, delivery, 'clicked', { url, linkIndex }),
      );
      return reply.code(302).header('cache-control', 'no-store').header('location', url).send();
    });

    // The view-online link: the e-mail in the browser, its content sandboxed (no script, no form runs).
    scope.get('/t/v/*', async (request: TokenRequest, reply) => {
      const locale = pageLocaleOf(request.headers['accept-language']);
      const delivery = await find(request, 'view');
      const html = delivery ? await viewOnlineHtml(services, Number(delivery.deliveryId)) : undefined;
      if (!html) return sendPageNotFound(reply, locale);
      return reply
        .header(
          'content-security-policy',
          "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; img-src * data:; style-src 'unsafe-inline' *; font-src * data:",
        )
        .header('cache-control', 'private, no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    });

    scope.get('/t/u/*', async (request: TokenRequest, reply) => {
      const locale = pageLocaleOf(request.headers['accept-language']);
      const delivery = await find(request, 'unsubscribe');
      if (!delivery) return sendPageNotFound(reply, locale);
      const scopeNow = await unsubscribeScope(services.db, delivery);
      const input = pageInput(services, delivery, scopeNow.lists);
      return sendPage(
        reply,
        locale,
        scopeNow.done ? 'unsubscribedTitle' : 'unsubscribeTitle',
        scopeNow.done ? unsubscribedPage(locale, input) : unsubscribePage(locale, input),
      );
    });

    // RFC 8058 one-click and the page's form alike: the POST is the request; a repeated one changes nothing.
    scope.post('/t/u/*', { bodyLimit: FORM_BODY_LIMIT }, async (request: TokenRequest, reply) => {
      const locale = pageLocaleOf(request.headers['accept-language']);
      const delivery = await find(request, 'unsubscribe');
      if (!delivery) return sendPageNotFound(reply, locale);
      const decided = await unsubscribe(
        services,
        delivery,
        formOf(request).get('from') === 'page' ? 'unsubscribePage' : 'oneClick',
      );
      return sendPage(
        reply,
        locale,
        'unsubscribedTitle',
        unsubscribedPage(locale, pageInput(services, delivery, decided.lists)),
      );
    });

    scope.get('/t/p/*', async (request: TokenRequest, reply) => {
      const locale = pageLocaleOf(request.headers['accept-language']);
      const delivery = await find(request, 'preferences');
      if (!delivery) return sendPageNotFound(reply, locale);
      return sendPreferences(reply, locale, delivery, false);
    });

    scope.post('/t/p/*', { bodyLimit: FORM_BODY_LIMIT }, async (request: TokenRequest, reply) => {
      const locale = pageLocaleOf(request.headers['accept-language']);
      const delivery = await find(request, 'preferences');
      if (!delivery) return sendPageNotFound(reply, locale);
      const form = formOf(request);
      const stay = new Set(form.getAll('stay').map(Number));
      // Only the lists the page showed are decided; a list id the subscriber is not on is ignored.
      const lists = await subscriptionsOf(services.db, delivery);
      await applySubscriptionChange(
        services,
        delivery,
        {
          leave: lists.filter((list) => !stay.has(list.listId)).map((list) => list.listId),
          rejoin: lists.filter((list) => stay.has(list.listId)).map((list) => list.listId),
          everything: form.get('everything') === '1',
        },
        'preferencePage',
      );
      return sendPreferences(reply, locale, delivery, true);
    });

    const sendPreferences = async (
      reply: FastifyReply,
      locale: ReturnType<typeof pageLocaleOf>,
      delivery: TrackedDelivery,
      saved: boolean,
    ) => {
      const [lists, globallyUnsubscribed] = await Promise.all([
        subscriptionsOf(services.db, delivery),
        isGloballyUnsubscribed(services.db, delivery),
      ]);
      return sendPage(
        reply,
        locale,
        'preferencesTitle',
        preferencesPage(locale, {
          organization: delivery.organizationName,
          lists,
          globallyUnsubscribed,
          saved,
        }),
      );
    };
  });

  /** Records an open or click; a failure is logged, never answered: the reader gets their pixel or link. */
  /**
   * Writes an open's or a click's event; a failure is logged, never shown to the reader. The event is pushed
   * after the answer has gone (reports and profiles refresh on it), so the pixel and the redirect wait for
   * one insert only.
   */
  async function record(
    request: FastifyRequest,
    delivery: TrackedDelivery,
    write: () => Promise<number>,
  ): Promise<void> {
    try {
      const eventId = await write();
      setImmediate(() => void announceChanges(services, delivery.organizationId, { eventIds: [eventId] }));
    } catch (error) {
      request.log.warn({ err: error }, 'a tracking event could not be recorded');
    }
  }
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send('Not found');
}

function formOf(request: TokenRequest): URLSearchParams {
  return request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
}

/** The unsubscribe pages' links: the preference page of the same delivery, on the host the reader came to. */
function pageInput(services: Services, delivery: TrackedDelivery, lists: readonly Subscription[]) {
  const token = services.trackingTokens.issue({ deliveryId: delivery.deliveryId, kind: 'preferences' });
  return {
    organization: delivery.organizationName,
    lists,
    preferencesUrl: trackingPath('preferences', token),
  };
}
