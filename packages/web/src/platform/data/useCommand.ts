import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  UseMutationOptions,
  UseQueryOptions,
  UseQueryResult,
  UseMutationResult,
} from '@tanstack/react-query';
import type { ChannelClient } from '../channel/channelClient.ts';
import type { ChannelError } from '../channel/channelError.ts';
import type { CommandMap } from '../channel/commandMap.ts';

type QueryOptions<Result> = Omit<UseQueryOptions<Result, ChannelError>, 'queryKey' | 'queryFn' | 'enabled'>;

/**
 * The one seam between screens and the channels (packages/web/README.md § Adding a screen): a command read
 * through TanStack Query, cached under the channel, command and params. `params: null` waits (say, for a session
 * id).
 */
export function useCommand<Commands extends CommandMap, Name extends keyof Commands & string>(
  channel: ChannelClient<Commands>,
  command: Name,
  params: Commands[Name]['params'] | null,
  options: QueryOptions<Commands[Name]['result']> = {},
): UseQueryResult<Commands[Name]['result'], ChannelError> {
  return useQuery<Commands[Name]['result'], ChannelError>({
    ...options,
    queryKey: commandKey(channel, command, params),
    queryFn: () => channel.request(command, params as Commands[Name]['params']),
    enabled: params !== null,
  });
}

/** A command that changes something, run on demand. */
export function useCommandMutation<Commands extends CommandMap, Name extends keyof Commands & string>(
  channel: ChannelClient<Commands>,
  command: Name,
  options: Omit<
    UseMutationOptions<Commands[Name]['result'], ChannelError, Commands[Name]['params']>,
    'mutationFn'
  > = {},
): UseMutationResult<Commands[Name]['result'], ChannelError, Commands[Name]['params']> {
  return useMutation<Commands[Name]['result'], ChannelError, Commands[Name]['params']>({
    ...options,
    mutationFn: (params) => channel.request(command, params),
  });
}

export function commandKey(channel: { key: string }, command: string, params: unknown): unknown[] {
  return [channel.key, command, params];
}
