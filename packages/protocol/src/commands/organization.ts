import { z } from 'zod';
import { defineCommand } from './define.ts';
import { isoDateTimeField, organizationIdField } from './fields.ts';

/** Commands of the organization channel (`WS /uiv5`, PROTOCOL §4). */
export const organizationCommands = {
  authenticateConnection: defineCommand({
    channel: 'organization',
    description: 'Binds the socket to one organization with a token from getOrganizationToken.',
    params: z.object({ organizationId: organizationIdField, jwt: z.string().min(1).max(8192) }),
    result: z.object({ organizationId: z.number().int(), expiresAt: isoDateTimeField }),
  }),
  ping: defineCommand({
    channel: 'organization',
    description: 'Keeps the connection alive (every 30 s); needs no authentication.',
    params: z.object({}).loose(),
    result: z.object({ pong: isoDateTimeField }),
  }),
} as const;

/** Commands the organization channel answers before authenticateConnection succeeds. */
export const UNAUTHENTICATED_ORGANIZATION_COMMANDS: ReadonlySet<string> = new Set([
  'authenticateConnection',
  'ping',
]);
