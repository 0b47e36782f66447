import type {
  CommandParams,
  CommandResult,
  OrganizationCommandName,
  OrganizationCommands,
  SessionCommandName,
  SessionCommands,
} from '@herald/protocol';

/** What a channel can be asked: each command's params and result as plain types (no schemas at run time). */
export type CommandMap = Record<string, { params: unknown; result: unknown }>;

export type SessionCommandMap = {
  [Name in SessionCommandName]: {
    params: CommandParams<SessionCommands, Name>;
    result: CommandResult<SessionCommands, Name>;
  };
};

export type OrganizationCommandMap = {
  [Name in OrganizationCommandName]: {
    params: CommandParams<OrganizationCommands, Name>;
    result: CommandResult<OrganizationCommands, Name>;
  };
};
