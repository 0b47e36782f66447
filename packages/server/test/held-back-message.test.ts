import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpPeer } from './support/smtp-peer.ts';

const child = path.resolve(import.meta.dirname, 'support/held-send-process.ts');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a sender process and waits until it holds the whole message back before the final dot. */
async function holdingSender(relay: string): Promise<ChildProcess> {
  const sender = fork(child, [relay], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    sender.once('message', (message) =>
      message === 'holding' ? resolve() : reject(new Error(String(message))),
    );
    sender.once('exit', (code) => reject(new Error(`the sender exited with ${code}`)));
  });
  return sender;
}

const exited = (process: ChildProcess) => new Promise((resolve) => process.once('exit', resolve));

/**
 * Exactly once over SMTP (docs/architecture.md § The delivery engine): the e-mail messenger streams the whole
 * message but holds back SMTP's final dot until the delivery is committed. A process killed (kill -9) while it
 * holds leaves the relay with nothing accepted, so the message is rightly sent again; one that dies the instant
 * after the commit still delivers it, since the dot is already on its way.
 */
describe('the held-back final dot', () => {
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await SmtpPeer.start();
  });
  afterAll(() => peer.stop());

  it('leaves nothing accepted when the sender is killed before the commit', async () => {
    const sender = await holdingSender(peer.url);
    await expect.poll(() => peer.bytesReceived, { timeout: 10_000 }).toBeGreaterThan(8_000);
    sender.kill('SIGKILL');
    await exited(sender);
    await sleep(500);
    expect(peer.messages).toHaveLength(0);
  });

  it('delivers the message when the sender dies just after the commit', async () => {
    const before = peer.messages.length;
    const sender = await holdingSender(peer.url);
    await expect.poll(() => peer.bytesReceived, { timeout: 10_000 }).toBeGreaterThan(16_000);
    expect(peer.messages).toHaveLength(before);
    sender.send('release');
    expect(await exited(sender)).toBeNull();
    await expect.poll(() => peer.messages.length, { timeout: 10_000 }).toBe(before + 1);
    expect(peer.messages.at(-1)?.subject).toBe('Held back');
  });
});
