import type { Capability, CommandDefinition, ErrorType } from '@herald/protocol';
import type { z } from 'zod';
import type { ConnectionState } from './connection-state.ts';
import type { Services } from '../services.ts';
import type { LiveSession } from '../sessions/session-service.ts';

/**
 * Who may run a command, declared beside it so the whole table can be listed and tested:
 * - `public`: anyone on the channel (sign-in, ping);
 * - `session`: a valid session on the session channel;
 * - `admin`: a valid session whose user is System.Admin in `params.organizationId` (and the features listed on);
 * - `organization`: an authenticated organization connection, plus every capability listed.
 */
export type CommandAccess =
  | { kind: 'public' }
  /**
   * `withoutSession`: what a call that names no session at all answers, when its spec has an error of its own
   * for that (platform §8: a profile fetch without a session answers 'Invalid session.'); InvalidSessionError
   * otherwise.
   */
  | { kind: 'session'; withoutSession?: ErrorType }
  /** `features`: feature keys that must be on for the organization (platform §6), such as the credential pages'. */
  | { kind: 'admin'; features?: readonly string[] }
  /**
   * `withoutOrganization`: what a call that names no organization answers, when its spec has an error of its
   * own for that (platform §8: a template list fetch without an organization); MissingParameterError otherwise.
   */
  | {
      kind: 'organization';
      capabilities: readonly Capability[];
      withoutOrganization?: (params: Readonly<Record<string, unknown>>) => ErrorType | undefined;
    };

export interface CommandContext {
  connection: ConnectionState;
  services: Services;
  /** The caller's live session, set by authorize() for `session` and `admin` commands. */
  session?: LiveSession;
}

export interface RegisteredCommand<Definition extends CommandDefinition = CommandDefinition> {
  definition: Definition;
  access: CommandAccess;
  handle(
    params: z.output<Definition['params']>,
    context: CommandContext,
  ): Promise<z.input<Definition['result']>>;
}

export type CommandRegistry = Readonly<Record<string, RegisteredCommand>>;

/** Ties a handler to its contract definition so params and result are typed from the schemas. */
export function registerCommand<Definition extends CommandDefinition>(
  definition: Definition,
  access: CommandAccess,
  handle: RegisteredCommand<Definition>['handle'],
): RegisteredCommand {
  return { definition, access, handle } as unknown as RegisteredCommand;
}
