import {
  HeraldError,
  activityTriggerRequestSchema,
  subscriberEventRequestSchema,
  type ErrorType,
} from '@herald/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { allowedOriginSet, isOriginAllowed } from '../channels/origin.ts';
import { authenticateOrganization } from '../organizations/authenticate-organization.ts';
import { actorOf, type Actor } from '../query/resources.ts';
import type { Services } from '../services.ts';
import { queueApiTrigger } from './queue-api-trigger.ts';
import { recordSubscriberEvent } from './record-subscriber-event.ts';

export const ACTIVITY_TRIGGER_PATH = '/api/v1/activities/:activityId/trigger';
export const SUBSCRIBER_EVENTS_PATH = '/api/v1/events';

/** The HTTP status of each refusal (docs/http.md); anything unexpected is a 500. */
const STATUS_OF: Partial<Record<ErrorType, number>> = {
  OrgAuthenticationError: 401,
  PrivilegesError: 403,
  NotFoundError: 404,
  ValidationError: 400,
  WorkflowTransitionError: 409,
};

/** What each route asks of the caller: triggering a send deploys; recording an event writes subscriber data. */
const CAPABILITY = { trigger: 'content-deploy', event: 'database-manage' } as const;

const MAX_REQUEST_KEY = 200;

/**
 * The platform API of triggered sends (docs/http.md): `POST /api/v1/activities/{id}/trigger` sends a live
 * API-triggered activity to one subscriber; `POST /api/v1/events` records a subscriber event, which starts the
 * event-triggered activities waiting for it. Both take a JSON body and `Authorization: Bearer <organization
 * token>` (getOrganizationToken, as the upload route's `jwt`), refuse other sites' browser pages by Origin, and
 * answer `{"error": {type, message}}` when refused.
 */
export async function registerTriggerRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const allowedOrigins = allowedOriginSet(services.config.publicUrl, services.config.allowedOrigins);

  async function caller<Schema extends z.ZodType>(
    request: FastifyRequest,
    schema: Schema,
    capability: string,
  ): Promise<{ actor: Actor; body: z.output<Schema> }> {
    if (!isOriginAllowed(request.headers.origin, allowedOrigins)) throw new HeraldError('PrivilegesError');
    const parsed = schema.safeParse(request.body ?? {});
    if (!parsed.success)
      throw new HeraldError('ValidationError', {
        details: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      });
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw new HeraldError('OrgAuthenticationError');
    const body = parsed.data as z.output<Schema> & { organizationId: number };
    const organization = await authenticateOrganization(services, token, body.organizationId);
    if (!organization.capabilities.includes(capability)) throw new HeraldError('PrivilegesError');
    return { actor: await actorOf(services.db, organization), body };
  }

  const answer = async (reply: FastifyReply, status: number, work: () => Promise<unknown>) => {
    try {
      return await reply.code(status).send(await work());
    } catch (error) {
      const refusal = error instanceof HeraldError ? error : new HeraldError('RequestProcessingError');
      if (!(error instanceof HeraldError)) reply.log.error({ err: error }, 'an API request failed');
      return reply.code(STATUS_OF[refusal.type] ?? 500).send({ error: refusal.toWire() });
    }
  };

  app.post<{ Params: { activityId: string } }>(ACTIVITY_TRIGGER_PATH, async (request, reply) =>
    answer(reply, 202, async () => {
      const activityId = Number(request.params.activityId);
      if (!Number.isSafeInteger(activityId) || activityId <= 0) throw new HeraldError('NotFoundError');
      const { actor, body } = await caller(request, activityTriggerRequestSchema, CAPABILITY.trigger);
      const key = request.headers['idempotency-key'];
      const requestKey = typeof key === 'string' && key.trim() !== '' ? key.trim() : undefined;
      if (requestKey !== undefined && requestKey.length > MAX_REQUEST_KEY)
        throw new HeraldError('ValidationError', {
          details: [{ path: 'Idempotency-Key', message: `At most ${MAX_REQUEST_KEY} characters` }],
        });
      const triggered = await queueApiTrigger(services.db, actor, activityId, body, requestKey);
      services.jobs.poke();
      return triggered;
    }),
  );

  app.post(SUBSCRIBER_EVENTS_PATH, async (request, reply) =>
    answer(reply, 201, async () => {
      const { actor, body } = await caller(request, subscriberEventRequestSchema, CAPABILITY.event);
      const recorded = await recordSubscriberEvent(services.db, actor, body);
      services.jobs.poke();
      return recorded;
    }),
  );
}
