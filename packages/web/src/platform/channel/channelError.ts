import { errorCatalogue } from '@herald/protocol';
import type { ErrorType, WireError } from '@herald/protocol';

/**
 * A failed command: the error `type` and English `message` of the reply (PROTOCOL §2), or one of the connection
 * errors of the catalogue when the reply never came. The app translates it by `type`.
 */
export class ChannelError extends Error {
  readonly type: string;
  readonly details: WireError['details'];

  constructor(error: { type: string; message: string; details?: WireError['details'] }) {
    super(error.message);
    this.name = 'ChannelError';
    this.type = error.type;
    this.details = error.details;
  }
}

export function isChannelError(error: unknown): error is ChannelError {
  return error instanceof ChannelError;
}

/** The error type of anything thrown, for code that reacts to particular catalogue errors. */
export function errorTypeOf(error: unknown): string | undefined {
  return isChannelError(error) ? error.type : undefined;
}

/** A catalogue error raised on this side of the wire (a dropped or closed connection), with its English text. */
export function catalogueError(type: ErrorType): ChannelError {
  return new ChannelError({ type, message: errorCatalogue[type] });
}
