import { defineArea } from '../area.ts';

/** Mail through SMTP, every message kept in the outbox; refused mail is retried. */
export const mailArea = defineArea({
  name: 'mail',
  start: (services) => services.mailer.startRetries(),
});
