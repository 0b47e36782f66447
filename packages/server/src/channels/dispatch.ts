import {
  HeraldError,
  UNAUTHENTICATED_ORGANIZATION_COMMANDS,
  type ReplyFrame,
  type ValidationDetail,
} from '@herald/protocol';
import { z } from 'zod';
import type { CommandContext, CommandRegistry } from './registry.ts';
import { authorize } from './authorize.ts';
import { unstorableText } from './storable-text.ts';

type RequestId = string | number | null;

/**
 * Turns one text frame into exactly one reply. Every failure becomes a catalogue error: a client never
 * sees a stack trace or SQL, and nothing it sends can throw past this function.
 */
export async function dispatchFrame(
  text: string,
  registry: CommandRegistry,
  context: CommandContext,
): Promise<ReplyFrame> {
  const frame = parseFrame(text);
  if (!frame) return errorReply(null, new HeraldError('MalformedMessage'));
  const { command, requestId, params } = frame;
  try {
    // Before authentication the organization channel names nothing else, known or not (PROTOCOL §4).
    if (
      context.connection.channel === 'organization' &&
      !context.connection.organization &&
      !UNAUTHENTICATED_ORGANIZATION_COMMANDS.has(command)
    ) {
      throw new HeraldError('UnauthenticatedCommand');
    }
    const registered = Object.hasOwn(registry, command) ? registry[command] : undefined;
    if (!registered) throw new HeraldError('UnknownCommand');
    // Who is asking comes before what they sent: a session command that names no session is refused as such,
    // not as a missing parameter.
    if (
      (registered.access.kind === 'session' || registered.access.kind === 'admin') &&
      sessionIdMissing(params)
    ) {
      const withoutSession =
        registered.access.kind === 'session' ? registered.access.withoutSession : undefined;
      throw new HeraldError(withoutSession ?? 'InvalidSessionError');
    }
    if (registered.access.kind === 'organization' && organizationIdMissing(params)) {
      const withoutOrganization = registered.access.withoutOrganization?.(params as Record<string, unknown>);
      if (withoutOrganization) throw new HeraldError(withoutOrganization);
    }
    const unstorable = unstorableText(params);
    if (unstorable) throw new HeraldError('ValidationError', { details: [unstorable] });
    const parsed = registered.definition.params.safeParse(params ?? {});
    if (!parsed.success) throw invalidParams(params, parsed.error);
    const { connection, services } = context;
    return await services.commandGate.run(
      command,
      connection.gate,
      connection.organization?.userId,
      async () => {
        await authorize(registered.access, parsed.data, context);
        const result = await registered.handle(parsed.data, context);
        if (services.config.validateResults) checkResult(command, registered.definition.result, result);
        return { requestId, result };
      },
    );
  } catch (error) {
    if (error instanceof HeraldError) return errorReply(requestId, error);
    context.services.log.error({ err: error, command }, 'command failed');
    return errorReply(requestId, new HeraldError('ApplicationError'));
  }
}

interface Frame {
  command: string;
  requestId: RequestId;
  params: unknown;
}

function parseFrame(text: string): Frame | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.command !== 'string' || record.command.length === 0) return undefined;
  const requestId =
    typeof record.requestId === 'string' || typeof record.requestId === 'number' ? record.requestId : null;
  return { command: record.command, requestId, params: record.params };
}

/**
 * The contract check of a result (config.validateResults): a result its schema refuses is a server bug, thrown
 * as such so the command answers ApplicationError and the log says which fields disagreed.
 */
export function checkResult(what: string, schema: z.ZodType, result: unknown): void {
  const checked = schema.safeParse(result);
  if (!checked.success)
    throw new Error(`${what}: the result does not match its contract: ${z.prettifyError(checked.error)}`);
}

function errorReply(requestId: RequestId, error: HeraldError): ReplyFrame {
  return { requestId, error: error.toWire() };
}

function organizationIdMissing(params: unknown): params is Record<string, unknown> {
  return (
    typeof params === 'object' &&
    params !== null &&
    (params as { organizationId?: unknown }).organizationId === undefined
  );
}

function sessionIdMissing(params: unknown): boolean {
  return (
    typeof params !== 'object' ||
    params === null ||
    (params as { sessionId?: unknown }).sessionId === undefined
  );
}

/**
 * Platform §5 and §8: a command without a parameter it needs (a list id, a subscriber id, the organization
 * id, a domain…) answers the catalogue's MissingParameterError; params with anything else wrong (a value of the
 * wrong kind, alone or beside a missing one) answer ValidationError. Either way `details` name the fields.
 */
function invalidParams(params: unknown, error: z.ZodError): HeraldError {
  const given = typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
  const onlyMissing = error.issues.every(
    (issue) =>
      // A union-typed parameter (an activity id as a number or its digits) that is absent fails as invalid_union.
      (issue.code === 'invalid_type' || issue.code === 'invalid_union') &&
      issue.path.length === 1 &&
      given[String(issue.path[0])] === undefined,
  );
  return new HeraldError(onlyMissing ? 'MissingParameterError' : 'ValidationError', {
    details: validationDetails(error.issues),
  });
}

function validationDetails(issues: readonly z.core.$ZodIssue[]): ValidationDetail[] {
  return issues.map((issue) => ({
    path: issue.path.map(String).join('.') || 'params',
    message: issue.message,
  }));
}
