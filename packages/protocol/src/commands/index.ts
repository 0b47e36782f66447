import type { z } from 'zod';
import { organizationCommands } from './organization.ts';
import { sessionCommands } from './session.ts';

export * from './define.ts';
export * from './entities.ts';
export * from './fields.ts';
export { sessionCommands } from './session.ts';
export { organizationCommands, UNAUTHENTICATED_ORGANIZATION_COMMANDS } from './organization.ts';

export type SessionCommands = typeof sessionCommands;
export type OrganizationCommands = typeof organizationCommands;
export type SessionCommandName = keyof SessionCommands;
export type OrganizationCommandName = keyof OrganizationCommands;

export type CommandParams<Commands, Name extends keyof Commands> = Commands[Name] extends { params: infer P }
  ? P extends z.ZodType
    ? z.input<P>
    : never
  : never;
export type CommandResult<Commands, Name extends keyof Commands> = Commands[Name] extends { result: infer R }
  ? R extends z.ZodType
    ? z.output<R>
    : never
  : never;

/** Every command of the contract, by channel, for the docs generator and the registry's completeness test. */
export const allCommands = { session: sessionCommands, organization: organizationCommands } as const;
