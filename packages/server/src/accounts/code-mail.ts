import type { MailMessage } from '../mail/mailer.ts';
import { ACCOUNT_CODE_LIFETIME_MS } from './account-codes.ts';
import type { AccountCodePurpose } from './tables.ts';

/**
 * The message that carries a one-time code. Plain ASCII in short lines, so it travels as 7-bit text that
 * any mail client shows as written. The code is never in the subject, which the server log shows.
 */
export function accountCodeMail(
  purpose: AccountCodePurpose,
  to: string,
  code: string,
  publicUrl: string,
): MailMessage {
  const minutes = ACCOUNT_CODE_LIFETIME_MS / 60_000;
  const page = `${publicUrl}/passwordreset?email=${encodeURIComponent(to)}`;
  if (purpose === 'signUp') {
    return {
      to,
      subject: 'Confirm your Herald account',
      text: [
        'Welcome to Herald.',
        '',
        'To confirm this address and choose your password, enter this code:',
        '',
        `    ${code}`,
        '',
        `It works once, for ${minutes} minutes. Enter it with your new password at`,
        page,
        '',
        'If you did not sign up for Herald, you can ignore this message.',
        '',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: 'Your Herald password reset code',
    text: [
      'Someone asked to reset the password of your Herald account.',
      '',
      'To choose a new password, enter this code:',
      '',
      `    ${code}`,
      '',
      `It works once, for ${minutes} minutes. Enter it with your new password at`,
      page,
      '',
      'If you did not ask for this, you can ignore this message: your password',
      'stays as it is.',
      '',
    ].join('\n'),
  };
}
