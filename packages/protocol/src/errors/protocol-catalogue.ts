/**
 * Errors PROTOCOL §2 names for cases the specs' catalogues do not: the spec gives no text for them, so
 * these are Herald's. PrivilegesError keeps its platform catalogue text and is not repeated here.
 */
export const protocolErrorCatalogue = {
  // Details (path, message, position) carry the specifics; the message stays general.
  ValidationError: 'The request is not valid.',
  UnknownCommand: 'This command is not known.',
  // A frame that is not a JSON object with a string command.
  MalformedMessage: 'The message could not be read.',
  NotFoundError: 'The requested item was not found.',
} as const;
