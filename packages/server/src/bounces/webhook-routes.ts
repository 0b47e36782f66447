import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Services } from '../services.ts';
import { announceOutcome, recordDeliveryOutcome, type DeliveryOutcome } from './delivery-outcome.ts';
import { providerSecret } from './provider-secret.ts';
import { twilioReceipt, whatsAppReceipts, type ProviderReceipt } from './provider-receipts.ts';
import { isTwilioSignatureValid, isWhatsAppSignatureValid } from './webhook-signatures.ts';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * `POST /webhooks/twilio/{organizationId}` and `POST /webhooks/whatsapp/{organizationId}` (their section
 * of docs/http.md): delivery receipts for SMS and WhatsApp, each signed by the provider with the secret of
 * the organization's channel credential. FCM has no receipts webhook. A request whose signature does not
 * check (or that names an organization without such a credential) answers 403 with no body, so a prober
 * learns nothing; a receipt about a message Herald does not know answers 200, so the provider stops retrying.
 */
export async function registerWebhookRoutes(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (scope) => {
    // The signatures are over the body as sent, so this scope keeps it: the form's text, the JSON's bytes.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, new URLSearchParams(String(body))),
    );
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    scope.post<{ Params: { organizationId: string } }>(
      '/webhooks/twilio/:organizationId',
      async (request, reply) => {
        const organizationId = organizationIdOf(request.params.organizationId);
        const params = request.body instanceof URLSearchParams ? request.body : undefined;
        const authToken = organizationId && (await providerSecret(services.db, organizationId, 'sms'));
        // Twilio signs the URL it was given: the public URL's origin with the path and query it called.
        const url = `${services.config.publicUrl}${request.url}`;
        const signature = header(request.headers['x-twilio-signature']);
        if (
          !organizationId ||
          !authToken ||
          !params ||
          !isTwilioSignatureValid(authToken, url, params, signature)
        )
          return forbidden(reply);
        const receipt = twilioReceipt(params);
        if (receipt) await recordReceipt(services, organizationId, 'twilio', receipt);
        return reply.code(204).send();
      },
    );

    scope.post<{ Params: { organizationId: string } }>(
      '/webhooks/whatsapp/:organizationId',
      async (request, reply) => {
        const organizationId = organizationIdOf(request.params.organizationId);
        const body = Buffer.isBuffer(request.body) ? request.body : undefined;
        const appSecret = organizationId && (await providerSecret(services.db, organizationId, 'whatsapp'));
        const signature = header(request.headers['x-hub-signature-256']);
        if (!organizationId || !appSecret || !body || !isWhatsAppSignatureValid(appSecret, body, signature))
          return forbidden(reply);
        let payload: unknown;
        try {
          payload = JSON.parse(body.toString('utf8'));
        } catch {
          return reply.code(400).send();
        }
        for (const receipt of whatsAppReceipts(payload))
          await recordReceipt(services, organizationId, 'whatsapp', receipt);
        return reply.code(200).send();
      },
    );
  });
}

async function recordReceipt(
  services: Services,
  organizationId: number,
  provider: 'twilio' | 'whatsapp',
  receipt: ProviderReceipt,
): Promise<void> {
  const channel = provider === 'twilio' ? 'sms' : 'whatsapp';
  const delivery = await services.db
    .selectFrom('delivery')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('channel', '=', channel)
    .where('provider_message_id', '=', receipt.providerMessageId)
    .executeTakeFirst();
  if (!delivery) return;
  const outcome: DeliveryOutcome =
    receipt.outcome === 'delivered'
      ? { kind: 'delivered' }
      : { kind: 'bounce', type: receipt.outcome, status: receipt.code, diagnostic: receipt.diagnostic };
  const recorded = await recordDeliveryOutcome(services.db, {
    organizationId,
    deliveryId: Number(delivery.id),
    reportKey: `${provider}:${receipt.providerMessageId}:${receipt.providerStatus}`,
    outcome,
  });
  if (recorded) await announceOutcome(services, organizationId, recorded);
}

function organizationIdOf(text: string): number | undefined {
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : undefined;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function forbidden(reply: FastifyReply): FastifyReply {
  return reply.code(403).send();
}
