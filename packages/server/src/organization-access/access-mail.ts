import type { MailMessage } from '../mail/mailer.ts';

/**
 * The message a person gets when an administrator gives them access to an organization: a new account is
 * told how to choose its password (a password-reset code, which proves the address), an existing one where
 * to sign in. Plain text in short lines, like the code messages (accounts/code-mail.ts).
 */
export function accessGrantedMail(input: {
  to: string;
  organizationName: string;
  newAccount: boolean;
  publicUrl: string;
}): MailMessage {
  const { to, organizationName, publicUrl } = input;
  if (input.newAccount) {
    return {
      to,
      subject: `You have been invited to ${organizationName} on Herald`,
      text: [
        `${organizationName} has given you access to Herald, where it runs its customer communication.`,
        '',
        'To choose your password, ask for a code on this page and enter it with your new password:',
        `${publicUrl}/passwordreset?email=${encodeURIComponent(to)}`,
        '',
        `Then sign in at ${publicUrl}/login and choose ${organizationName}.`,
        '',
        'If you did not expect this, you can ignore this message.',
        '',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `You now have access to ${organizationName} on Herald`,
    text: [
      `${organizationName} has given you access to its organization on Herald.`,
      '',
      `Sign in at ${publicUrl}/login and choose ${organizationName}.`,
      '',
    ].join('\n'),
  };
}
