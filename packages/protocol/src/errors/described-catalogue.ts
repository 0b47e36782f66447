/**
 * Errors the specs describe without quoting a sentence (functional §5, §8). The words are Herald's; each
 * comment says what the spec describes, so a later change of wording stays faithful to it.
 */
export const describedErrorCatalogue = {
  // Functional §5: the maximum send rate; "the English text shows a placeholder" and asks to contact support.
  MaxSendRateError: 'The maximum send rate is {limit} messages per minute. Please contact support.',
  // Functional §3 Targeting rule, §6: an enabled rule of the activity's channel blocks approval and deployment
  // for non-admins when the activity reaches anyone outside the rule's target; an administrator may override.
  TargetingRuleBlockedError:
    "This activity reaches subscribers outside the organization's {channel} targeting rule ({outside} of them). Narrow its target to the rule, or ask an administrator to override it.",
  // Functional §3 Credential, PROTOCOL §9: e-mail leaves through the organization's SMTP credential, else the
  // server's relay; with neither, nothing can be sent.
  EmailRelayMissingError:
    'No mail server is set for this organization: choose an SMTP credential for e-mail in Settings › Credentials, or set HERALD_SMTP_URL on the server.',
  // Functional §5: a throttle under 1 suspends deployment.
  ThrottleSuspendedError: 'Deployment is suspended because the throttle is under 1.',
  // Functional §8: "Max throttle reached" among the check failures.
  MaxThrottleReachedError: 'Max throttle reached.',
  // Functional §5: an email of the failure size or more fails its check.
  EmailTooLargeError: 'The email is {size}, which is more than the {limit} limit.',
  // Functional §5: a send limit aborts a broadcast that would target more recipients.
  SendLimitExceededError:
    'The broadcast was aborted because it would reach more recipients than its send limit.',
  // Functional §8: activity sending errors, with traceback and context shown beside.
  ActivitySendError:
    'An error occurred while sending this activity. It may come from the template code or personalization tags. Please contact support.',
  // Functional §8: an unexpected-error message on the security settings.
  SecuritySettingsError: 'An unexpected error occurred while saving the security settings.',
  // Functional §5: custom field target expressions must exist and values be unique.
  CustomFieldTargetMissingError: 'Every rule needs a target expression.',
  CustomFieldValuesNotUniqueError: 'Every value must be unique.',
  // Functional §5: percentage splits must sum to 100%.
  PercentageSplitTotalError: 'Percentage split values must add up to 100%.',
  // Functional §5: standard profile fields cannot be updated for existing users.
  StandardFieldNotEditableError: 'Standard profile fields cannot be updated for existing subscribers.',
  // Functional §5: credentials must be saved before authorization can be requested.
  CredentialNotSavedError: 'Credentials must be saved before authorization can be requested.',
  // Functional §9: an organization keeps at most CREDENTIAL_LIMIT credentials (the page shows it).
  CredentialLimitError:
    'This organization has reached its limit of credentials. Delete one before adding another.',
  // A credential a channel, domain, activity or integration uses cannot be deleted from under it
  // (docs/architecture.md § Credentials and providers).
  CredentialInUseError:
    'This credential is in use and cannot be deleted. Choose another credential where it is used first.',
  // A connection test exists for SMTP, SMS, WhatsApp, LINE and push credentials only (docs/architecture.md
  // § Providers).
  CredentialNotTestableError: 'A connection test is not possible for this type of credential.',
  // Functional §5: an admin needs 2FA on to manage users.
  AdminOTPRequiredError: 'Please enable 2FA before managing users.',
  // Platform §2 guard 10, functional §5: import rules disallow subscriber upload or new lists.
  SubscriberUploadNotAllowedError: 'Subscriber upload is not allowed for this list.',
  NewListNotAllowedError: 'New lists are not allowed in this organization.',
  // Platform §2 guard 4: no token came back for the organization.
  OrganizationTokenError: 'Unable to open this organization. Please choose it again.',
  // Platform §9: a code chunk that has not loaded within 120 s shows an error with a Reload action.
  ChunkLoadError: 'This page could not be loaded. Please reload the page.',
  // Sign-in attempts (and two-factor codes) are slowed down after repeated failures,
  // never locked for good. The wait grows with the failures (at most 15 minutes); the reply carries no
  // values a translation could fill, so the sentence names no number.
  TooManyAttemptsError: 'Too many failed attempts. Please wait a few minutes and try again.',
  // A current one-time code that was already accepted once (a code is good for one sign-in) is
  // not a clock problem, so it must not share InvalidOTPCodeRecoveryError's "confirm your phone's time".
  OTPCodeUsedError: 'This code has already been used. Please wait for the next code and enter it.',
  // Requests that need no session (sign-up, single sign-on starts) are counted per network in windows of
  // an hour or less; past the quota they are refused until the window ends.
  TooManyRequestsError: 'Too many requests from your network. Please wait a while and try again.',
  // writeRecords refuses an update whose version (or updatedAt) is not the stored
  // one, i.e. someone else changed the record since the client read it, instead of overwriting.
  StaleRecordError: 'This record was changed by someone else. Reload it and try again.',
  // Import files have documented limits (docs/guide-subscribers.md § Imports); a larger one is refused whole.
  ImportFileTooLargeError: 'The file is larger than the {limit} import limit.',
  ImportTooManyRowsError: 'The file has more than {limit} rows, the most one import takes.',
  // An upload is kept for a while after it arrives; an import naming one that is gone, or another
  // organization's, cannot start.
  UploadNotFoundError: 'The uploaded file was not found. Please upload it again.',
  // A file could be read as CSV, TSV or Excel but holds no header row.
  ImportFileEmptyError: 'The file has no header row.',
  // A second administrator must approve an extract when the security settings say so;
  // the one who asked cannot approve it.
  ExportApprovalSelfError: 'Another administrator must approve this export.',
  // A job can be retried only when it failed, and cancelled only while queued or running.
  JobNotRetryableError: 'Only a failed job can be retried.',
  JobNotCancellableError: 'This job has already finished.',
  // An extract is kept for a time and downloaded by its organization's users only.
  ExtractNotFoundError: 'This export file is no longer available.',
  // Functional §3 Template package: a package must be a zip of package.json (with a version),
  // datadescription.xml, test/sample.json, test/profiles.json and its production code; a malformed one is
  // refused whole, naming what is wrong.
  TemplatePackageNotZipError: 'The template package is not a zip file.',
  TemplatePackageMissingFileError: 'The template package has no {file}.',
  TemplatePackageInvalidJsonError: '{file} in the template package is not valid JSON.',
  TemplatePackageNoVersionError: 'package.json in the template package has no version.',
  TemplatePackageTooLargeError: 'The template package is too large: a package holds at most {limit}.',
  // Assets (docs/architecture.md § Assets and content blocks): an asset is checked by its content (type, size,
  // and an SVG's safety) before anything is stored; a bulk import needs at least one image or HTML file and has
  // limits of its own.
  AssetTooLargeError: 'The file is larger than the {limit} asset limit.',
  AssetFileUnsupportedError:
    'This file is not a PNG, JPEG, GIF, WebP or SVG image or an HTML snippet. Its content decides, not its name.',
  UnsafeSvgError:
    'This SVG holds script, event handlers, javascript: links, embedded HTML or external references, which are not allowed.',
  AssetNotFoundError: 'Asset not found',
  AssetImportEmptyError: 'There is no image or HTML snippet in what was uploaded.',
  AssetImportTooLargeError: 'The import holds more than {files} files or inflates to more than {limit}.',
  // Platform §5 and functional §5: a content-block target update needs a content block id; removing partition
  // content needs a block content id (the spec's own sentence).
  ContentBlockTargetIdError: 'A content block id is needed to update its target.',
  PartitionContentBlockIdError: 'Removing partition content needs a block content id.',
  ContentBlockNotFoundError: 'Content block not found',
  // The workflow (docs/workflow.md): an action the activity's status does not allow; a send that lacks an
  // approved revision or a passing check; an approver who made the last change when the organization asks for
  // two people; a check stopped by cancelCheck.
  WorkflowTransitionError: 'This action is not possible in the activity’s current status.',
  DeploymentNotReadyError:
    'The activity needs an approved revision and a passing check before it can be scheduled or deployed.',
  ActivityApprovalSelfError: 'Someone other than the last editor must approve this activity.',
  CheckCancelledError: 'The check was cancelled.',
  // A domain is an organization's once its DNS proof is seen; another organization cannot claim it
  // (docs/guide-administration.md § Sending and tracking domains).
  DomainClaimedError: 'This domain is verified by another organization.',
  // Key rotation (docs/guide-administration.md § Sending and tracking domains): a DKIM key is retired only once
  // another key of the domain is published and checked, so mail from the domain is always signed with a key that
  // receivers can find.
  DomainKeyRetireError: 'Publish and check another key of this domain before retiring this one.',
} as const;
