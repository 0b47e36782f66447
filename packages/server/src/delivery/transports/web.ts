import { sql, type Kysely } from 'kysely';
import type { Database } from '../../database/schema.ts';
import type { Messenger, SendReceipt, WebMessage } from '../messenger.ts';

/**
 * The web channel's Messenger (docs/architecture.md § The web channel): there is no provider; a message is "sent"
 * by leaving it for the subscriber in `web_message`, where the organization's site script fetches it
 * (web-channel/routes.ts) for 30 days. `accepting` is called first, as HTTP transports call it before their
 * request, so the engine commits the delivery as sent; a repeated send of the same delivery writes nothing new
 * (the row is unique by delivery) and answers the first row's id. The row's id is the provider message id.
 */
export function webMessenger(db: Kysely<Database>): Messenger<WebMessage> {
  return {
    channel: 'web',
    async send(message, signal, accepting): Promise<SendReceipt> {
      signal.throwIfAborted();
      await accepting?.();
      const rows = await sql<{ id: string }>`
        WITH written AS (
          INSERT INTO web_message (organization_id, delivery_id, activity_id, subscriber_id, html)
          VALUES (${message.organizationId}, ${message.deliveryId}::bigint, ${message.activityId},
            ${message.subscriberId}, ${message.html})
          ON CONFLICT (delivery_id) DO NOTHING
          RETURNING id
        )
        SELECT id::text AS id FROM written
        UNION ALL
        SELECT id::text AS id FROM web_message WHERE delivery_id = ${message.deliveryId}::bigint
        LIMIT 1`.execute(db);
      const id = rows.rows[0]?.id;
      return id === undefined ? {} : { providerMessageId: id };
    },
    async close() {},
  };
}
