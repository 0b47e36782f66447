import type { z } from 'zod';

/**
 * One command of the contract: its name, which channel carries it, and the zod schemas of its params and
 * result. The server's registry adds the capability and handler beside it; the web app types its calls
 * from it; the protocol docs are generated from it.
 */
export interface CommandDefinition<
  Params extends z.ZodType = z.ZodType,
  Result extends z.ZodType = z.ZodType,
> {
  channel: 'session' | 'organization';
  description: string;
  params: Params;
  result: Result;
}

export function defineCommand<Params extends z.ZodType, Result extends z.ZodType>(
  definition: CommandDefinition<Params, Result>,
): CommandDefinition<Params, Result> {
  return definition;
}
