/**
 * The platform error catalogue (platform §8 table), word for word. The web app translates by type, so a
 * message here is the English text a client shows when it has no translation.
 */
export const platformErrorCatalogue = {
  DuplicateUserError: 'This email address is already in use',
  InvalidOTPCodeRecoveryError:
    "Invalid OTP code or recovery key. Please confirm your phone's time is set correctly.",
  InvalidOTPError: 'Invalid OTP code',
  // The spec lists both under one row: a wrong password and an unknown user must look the same.
  InvalidPasswordError: 'Invalid email address or password',
  MissingUserError: 'Invalid email address or password',
  InvalidSessionError: 'Your session expired. Please login again.',
  MissingOTPCodeRecoveryError: 'Please enter your OTP code or recovery key',
  MissingOTPError: 'Please enter your OTP',
  MissingParameterError: 'Application Error',
  ApplicationError: 'Application Error. Please contact support for support',
  ImportFileUnsupported: 'Unable to process file. Please ensure file is in CSV, TSV, or Excel format',
  OrgAuthenticationError: 'You are not authorized to access this organization. Please login.',
  PrivilegesError: 'You do not have enough privileges to perform this action.',
  QueryTimeoutError: 'Your search took too long to complete.',
  QueryCancelledError: 'Your search was cancelled by a subsequent query.',
  // The spec only describes this one: it "asks the user to reload the page and contact support".
  UnauthenticatedCommand:
    'This request could not be authenticated. Please reload the page and contact support.',
  WSConnectionError: 'Unable to connect to server...',
  WSConnectionRetryError: 'Connection is offline. Trying to reconnect...',
  WSConnectionClosedError: 'Connection closed. Please reload the page.',
  // The spec only describes the two session-channel errors (platform §7, §8): the session server cannot be
  // reached and the user's IT must allow the product's domains; or it is reconnecting.
  WSSessionConnectionError:
    "Unable to connect to Herald's session server. Please ask your IT team to allow access to Herald's domains.",
  WSSessionConnectionRetryError: 'Session server connection is offline. Trying to reconnect...',
  SSOBadKey: 'Your single sign-on session could not be found. Please reload the page and try again.',
  SSOError: 'Unable to complete the single sign-on process. Please contact your organization administrator.',
  SSONoKey: 'Your single sign-on session expired. Please reload the page and try again.',
} as const;
