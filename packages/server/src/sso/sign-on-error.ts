import { HeraldError, type ErrorType } from '@herald/protocol';

/** Why a sign-on failed, for the audit log (never a secret, never a claim value). */
export type SignOnFailure =
  | 'state_unknown'
  | 'state_other_browser'
  | 'state_expired'
  | 'issuer_unknown'
  | 'issuer_disabled'
  | 'issuer_unreachable'
  | 'issuer_insecure'
  | 'issuer_refused'
  | 'token_invalid'
  | 'email_missing'
  | 'email_unverified'
  | 'email_taken'
  | 'user_disabled'
  | 'partitionsets_unknown'
  | 'key_unknown'
  | 'key_expired';

/** A sign-on that cannot go on: the catalogue error the browser sees, and why, for the audit log. */
export class SignOnError extends HeraldError {
  readonly reason: SignOnFailure;
  readonly issuerId: number | undefined;
  readonly userId: number | undefined;
  constructor(
    type: Extract<ErrorType, 'SSOBadKey' | 'SSONoKey' | 'SSOError'>,
    reason: SignOnFailure,
    context: { issuerId?: number | undefined; userId?: number | undefined } = {},
  ) {
    super(type);
    this.reason = reason;
    this.issuerId = context.issuerId;
    this.userId = context.userId;
  }
}
