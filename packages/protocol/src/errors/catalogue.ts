import { describedErrorCatalogue } from './described-catalogue.ts';
import { messageErrorCatalogue } from './message-catalogue.ts';
import { platformErrorCatalogue } from './platform-catalogue.ts';
import { protocolErrorCatalogue } from './protocol-catalogue.ts';

/**
 * Every error type Herald sends, with its English message (PROTOCOL §2). Split by source so each part can
 * be checked against its spec section; one object so a type is a key and a typo is a compile error.
 */
export const errorCatalogue = {
  ...platformErrorCatalogue,
  ...protocolErrorCatalogue,
  ...messageErrorCatalogue,
  ...describedErrorCatalogue,
} as const;

export type ErrorType = keyof typeof errorCatalogue;
