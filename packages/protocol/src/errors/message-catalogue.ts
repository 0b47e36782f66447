/**
 * Typed errors for the messages the specs quote outside the platform table: platform §5 and §8 "Other
 * messages", platform §7 (upload), functional §5 and §8. The specs give only the sentence; the type names
 * are Herald's, in the product's words. Messages are word for word, punctuation included; `{name}` marks a
 * placeholder that HeraldError fills.
 */
export const messageErrorCatalogue = {
  // Platform §2 guard 6 writes {title} (a page), platform §8 writes {org} (an organization): one sentence,
  // so one type; {title} names whatever the user was refused.
  AccessToNotAllowedError: 'Access to {title} not allowed',
  AccessNotAllowedError: 'Access not allowed',
  ActivityNotFoundError: 'Activity not found',
  SessionInvalidOTPError: 'Session invalid. Unable to process 2FA request.',
  // A profile fetch without a session.
  InvalidSessionProfileError: 'Invalid session.',
  TemplateConnectionError: 'Unable to get connection to fetch template',
  TemplateListWithoutOrganizationError: 'Unable to fetch template list without organization',
  RequestProcessingError: 'An error occurred while processing your request. Please contact support.',
  // Formatting a negative file size.
  InvalidFileSizeError: 'Invalid file size',
  // Platform §7 writes "(status - text)": the HTTP status and its text.
  FileUploadFailedError: 'File upload failed ({status} - {text}).',

  QueryOffsetError: 'Query offset value needs to be greater than or equal to zero',
  QueryLimitError: 'Query limit value needs to be greater than or equal to zero',
  MissingCouponTypeError: 'Missing coupon type for coupon pairing',
  MissingActivityIdForCouponError: 'Missing activity id for coupon pairing',
  SubscriberIdsDoNotMatchError: 'Subscriber IDs do not match',
  SubscriberUpdateError: 'An error occurred while updating subscriber',
  NoThemeFoundError: 'No theme found',

  TargetWithoutListError: 'Your target expression does not include a list or audience.',
  // Functional §5 and §8 elide the participant ("Failed to add participant ... Unable to find ...");
  // Herald names them in {participant}.
  ParticipantRoleMissingError:
    'Failed to add participant {participant}. Unable to find a Participant role in this org.',
  CannotAddParticipantsError: 'Cannot add participants.',
  EmailNotValidError: 'Email is not valid',
  PasswordsDoNotMatchError: 'Passwords do not match',
  PasswordWeakError: 'Password is weak',
  IncorrectCodeError: 'The code you entered is incorrect. Please try again.',
  PartitionOptinActivityIdError: 'Activity ID is required to update partition optin',
  // Functional §5 writes "...partition groups", the same sentence as the optin one.
  PartitionGroupsActivityIdError: 'Activity ID is required to update partition groups',
  InvalidCredentialTypeError: 'Please select a valid credential type.',

  ScheduledActivitiesFetchError: 'An error occurred while fetching scheduled activities.',
  ActivityFetchError: 'Unable to fetch activity',
  ActivityIdNotValidError: 'Activity ID is not valid',
  EnableOTPError: 'An error occurred while trying to enable 2FA.',
  VerifyOTPError: 'An error occurred while trying to verify your 2FA code.',
  AudienceGenerationError:
    'An error has occurred when generating this audience. Please check your target or contact support.',
  ItemNotEditableError: 'This item cannot be edited or deleted.',
} as const;
