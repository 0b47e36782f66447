import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { Services } from '../services.ts';
import { recordTrackingEvent, trackedDelivery } from '../tracking/tracked-delivery.ts';
import { HERALD_SCRIPT } from './herald-script.ts';
import { webChannelBySiteKey, type WebChannelKeys } from './web-channel-keys.ts';

/** The most messages one fetch answers, newest first. */
export const WEB_MESSAGES_LIMIT = 5;
/** A subscriber ref is at most this long (the subscriber field's own limit is lower). */
const MAX_REF_LENGTH = 400;
/** The script's two POSTs carry nothing; a client that sends a body gets it read and dropped, up to this. */
const BODY_LIMIT = 1024;

type SiteRequest = { Params: { siteKey: string } };
type MessagesRequest = SiteRequest & { Querystring: { subscriber?: unknown; signature?: unknown } };
type TokenRequest = { Params: { siteKey: string; token: string } };

/**
 * The web channel's public routes (docs/http.md § Web channel), for the script on an organization's
 * site: the script itself, a subscriber's waiting messages (the ref signed by the organization's server with
 * the identity secret, so a visitor cannot read another subscriber's), the impression (an `opened` event, once
 * per message) and the dismissal. No session and no cookie: any origin may call them (CORS `*`, without
 * credentials). Every failure of a site key or a token answers the same 404.
 */
export async function registerWebChannelRoutes(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, _body, done) =>
      done(null, undefined),
    );
    // Other sites load the script and call the routes: the console's same-origin resource policy (helmet's
    // default) would make the browser drop the script.
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    });

    scope.options('/w/*', async (_request, reply) =>
      reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '86400')
        .send(),
    );

    scope.get('/w/herald.js', async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(HERALD_SCRIPT),
    );

    scope.get<MessagesRequest>('/w/:siteKey/messages', async (request, reply) => {
      const keys = await webChannelBySiteKey(services.db, request.params.siteKey);
      if (!keys) return notFound(reply);
      const { subscriber: ref, signature } = request.query;
      if (typeof ref !== 'string' || ref.length === 0 || ref.length > MAX_REF_LENGTH)
        return reply.code(400).header('cache-control', 'no-store').send({ error: 'subscriber is required' });
      if (typeof signature !== 'string' || !signatureMatches(keys, ref, signature))
        return reply
          .code(403)
          .header('cache-control', 'no-store')
          .send({ error: 'signature does not match' });
      const rows = await sql<{ id: string; delivery_id: string; html: string }>`
        SELECT m.id::text AS id, m.delivery_id::text AS delivery_id, m.html
        FROM web_message m
        JOIN subscriber s ON s.id = m.subscriber_id AND s.organization_id = m.organization_id
        WHERE m.organization_id = ${keys.organizationId} AND s.ref = ${ref} AND s.anonymized_at IS NULL
          AND m.dismissed_at IS NULL AND m.expires_at > now()
        ORDER BY m.created_at DESC, m.id DESC
        LIMIT ${WEB_MESSAGES_LIMIT}`.execute(services.db);
      return reply.header('cache-control', 'no-store').send(
        rows.rows.map((row) => ({
          id: row.id,
          html: row.html,
          token: services.trackingTokens.issue({ deliveryId: row.delivery_id, kind: 'open' }),
        })),
      );
    });

    scope.post<TokenRequest>('/w/:siteKey/impression/:token', async (request, reply) => {
      const found = await messageOf(services, request.params, request.hostname);
      if (!found) return notFound(reply);
      await services.db.transaction().execute(async (trx) => {
        // Only the first impression of a message is an open; the script may report it again on every page.
        const shown = await sql`UPDATE web_message SET shown_at = now()
          WHERE delivery_id = ${found.deliveryId}::bigint AND organization_id = ${found.organizationId}
            AND shown_at IS NULL`.execute(trx);
        if (Number(shown.numAffectedRows ?? 0) > 0)
          await recordTrackingEvent(trx, found, 'opened', { web: true });
      });
      return reply.code(204).header('cache-control', 'no-store').send();
    });

    scope.post<TokenRequest>('/w/:siteKey/dismiss/:token', async (request, reply) => {
      const found = await messageOf(services, request.params, request.hostname);
      if (!found) return notFound(reply);
      await sql`UPDATE web_message SET dismissed_at = now()
        WHERE delivery_id = ${found.deliveryId}::bigint AND organization_id = ${found.organizationId}
          AND dismissed_at IS NULL`.execute(services.db);
      return reply.code(204).header('cache-control', 'no-store').send();
    });
  });
}

/** Whether `signature` is the hex HMAC-SHA256 of the ref under the organization's identity secret. */
export function signatureMatches(keys: WebChannelKeys, ref: string, signature: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = createHmac('sha256', keys.identitySecret).update(ref, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The web message a token names, on its organization's site key; undefined for anything else. */
async function messageOf(services: Services, params: TokenRequest['Params'], host: string) {
  const keys = await webChannelBySiteKey(services.db, params.siteKey);
  if (!keys) return undefined;
  const delivery = await trackedDelivery(services, params.token, 'open', host);
  if (!delivery || delivery.organizationId !== keys.organizationId) return undefined;
  const message = await services.db
    .selectFrom('web_message')
    .select('id')
    .where('delivery_id', '=', Number(delivery.deliveryId))
    .where('organization_id', '=', keys.organizationId)
    .executeTakeFirst();
  return message ? delivery : undefined;
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).header('cache-control', 'no-store').send({ error: 'Not found' });
}
