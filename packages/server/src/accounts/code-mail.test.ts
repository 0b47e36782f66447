import { describe, expect, it } from 'vitest';
import { accountCodeMail } from './code-mail.ts';

describe('the code message', () => {
  it.each(['signUp', 'passwordReset'] as const)(
    '%s: carries the code on its own line, never in the subject, in short ASCII lines',
    (purpose) => {
      const message = accountCodeMail(purpose, 'ana@example.com', '01234567', 'http://localhost:8080');
      expect(message.to).toBe('ana@example.com');
      expect(message.subject).not.toContain('01234567');
      expect(message.text.split('\n')).toContain('    01234567');
      expect(message.text).toContain('http://localhost:8080/passwordreset?email=ana%40example.com');
      expect(message.text).toContain('15 minutes');
      // eslint-disable-next-line no-control-regex
      expect(message.text).toMatch(/^[\x00-\x7f]*$/);
      for (const line of message.text.split('\n')) expect(line.length).toBeLessThanOrEqual(76);
    },
  );
});
