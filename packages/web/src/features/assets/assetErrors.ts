import { errorTypeOf } from '../../platform/channel/channelError.ts';
import { TransferError } from '../lists/transfer.ts';

/** A failure as the asset screens show it: its catalogue type, the server's words and the values they need. */
export interface ShownError {
  type: string;
  message: string;
  values?: Record<string, string | number>;
}

/** An upload's or a command's failure, by catalogue type. */
export function shownErrorOf(error: unknown): ShownError {
  if (error instanceof TransferError)
    return { type: error.type, message: error.message, values: error.values };
  const message = error instanceof Error ? error.message : String(error);
  return { type: errorTypeOf(error) ?? 'ApplicationError', message };
}
