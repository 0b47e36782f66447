/**
 * A process that sends one e-mail to the SMTP relay at argv[2] through the e-mail messenger, holding the
 * message back before its final dot until the parent says "release" (IPC); then it dies by SIGKILL a few
 * milliseconds later. The parent may instead kill it while it holds. (held-back-message.test.ts)
 */
import { EmailMessenger } from '../../src/delivery/transports/email-messenger.ts';

const relay = process.argv[2]!;
const messenger = new EmailMessenger({ kind: 'url', url: relay });
let release: () => void = () => {};
const released = new Promise<void>((resolve) => (release = resolve));
process.on('message', (message) => {
  if (message === 'release') release();
});
void messenger.send(
  {
    deliveryId: '1',
    organizationId: 1,
    activityId: 1,
    subscriberId: 1,
    to: 'held@example.test',
    from: { address: 'news@example.test' },
    returnPath: 'bounce@example.test',
    subject: 'Held back',
    html: `<p>${'Held back until the delivery is committed. '.repeat(200)}</p>`,
    text: 'Held back until the delivery is committed.',
    headers: { 'X-Herald-Delivery': '1' },
  },
  new AbortController().signal,
  async () => {
    process.send?.('holding');
    await released;
    // The delivery is committed as sent here; the process dies before it can learn the relay's answer.
    setTimeout(() => process.kill(process.pid, 'SIGKILL'), 5);
  },
);
