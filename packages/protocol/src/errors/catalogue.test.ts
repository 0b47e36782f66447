import { describe, it, expect } from 'vitest';
import { errorCatalogue } from './catalogue.ts';
import type { ErrorType } from './catalogue.ts';
import { describedErrorCatalogue } from './described-catalogue.ts';
import { messageErrorCatalogue } from './message-catalogue.ts';
import { platformErrorCatalogue } from './platform-catalogue.ts';
import { protocolErrorCatalogue } from './protocol-catalogue.ts';

describe('errorCatalogue', () => {
  it.each(Object.entries(errorCatalogue))('%s has a non-empty message', (_type, message) => {
    expect(typeof message).toBe('string');
    expect(message.trim().length).toBeGreaterThan(0);
  });

  it('no part redefines a type another part already has', () => {
    const parts = [
      platformErrorCatalogue,
      protocolErrorCatalogue,
      messageErrorCatalogue,
      describedErrorCatalogue,
    ];
    const total = parts.reduce((sum, part) => sum + Object.keys(part).length, 0);
    expect(Object.keys(errorCatalogue)).toHaveLength(total);
  });

  it.each<[ErrorType, string]>([
    ['DuplicateUserError', 'This email address is already in use'],
    [
      'InvalidOTPCodeRecoveryError',
      "Invalid OTP code or recovery key. Please confirm your phone's time is set correctly.",
    ],
    ['InvalidOTPError', 'Invalid OTP code'],
    ['InvalidPasswordError', 'Invalid email address or password'],
    ['MissingUserError', 'Invalid email address or password'],
    ['InvalidSessionError', 'Your session expired. Please login again.'],
    ['MissingParameterError', 'Application Error'],
    ['ApplicationError', 'Application Error. Please contact support for support'],
    ['ImportFileUnsupported', 'Unable to process file. Please ensure file is in CSV, TSV, or Excel format'],
    ['OrgAuthenticationError', 'You are not authorized to access this organization. Please login.'],
    ['PrivilegesError', 'You do not have enough privileges to perform this action.'],
    ['QueryCancelledError', 'Your search was cancelled by a subsequent query.'],
    ['WSConnectionError', 'Unable to connect to server...'],
    ['WSConnectionRetryError', 'Connection is offline. Trying to reconnect...'],
    ['WSConnectionClosedError', 'Connection closed. Please reload the page.'],
    ['SSONoKey', 'Your single sign-on session expired. Please reload the page and try again.'],
    ['QueryOffsetError', 'Query offset value needs to be greater than or equal to zero'],
    ['QueryLimitError', 'Query limit value needs to be greater than or equal to zero'],
    ['SubscriberIdsDoNotMatchError', 'Subscriber IDs do not match'],
    ['SessionInvalidOTPError', 'Session invalid. Unable to process 2FA request.'],
    ['InvalidSessionProfileError', 'Invalid session.'],
    ['IncorrectCodeError', 'The code you entered is incorrect. Please try again.'],
    ['EnableOTPError', 'An error occurred while trying to enable 2FA.'],
    ['InvalidCredentialTypeError', 'Please select a valid credential type.'],
    ['ItemNotEditableError', 'This item cannot be edited or deleted.'],
    ['TargetWithoutListError', 'Your target expression does not include a list or audience.'],
    ['AccessToNotAllowedError', 'Access to {title} not allowed'],
    ['FileUploadFailedError', 'File upload failed ({status} - {text}).'],
  ])('%s reads as the spec writes it', (type, message) => {
    expect(errorCatalogue[type]).toBe(message);
  });
});
