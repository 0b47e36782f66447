import { Readable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { SmtpPool } from '../src/delivery/transports/smtp-pool.ts';

/**
 * A relay on loopback that counts its connections (in all, and the most open at once), the messages each
 * connection carried and what it accepted, and can close its connections.
 */
async function startRelay() {
  const accepted: string[] = [];
  const messagesBySession = new Map<string, number>();
  let connections = 0;
  let open = 0;
  let mostOpen = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onConnect: (session, callback) => {
      connections += 1;
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      messagesBySession.set(session.id, 0);
      callback();
    },
    onClose: () => {
      open -= 1;
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        accepted.push(`${session.envelope.rcptTo[0]?.address}:${Buffer.concat(chunks).toString().trim()}`);
        messagesBySession.set(session.id, (messagesBySession.get(session.id) ?? 0) + 1);
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // smtp-server keeps its sessions in `connections`; closing one is what a relay does to an idle client.
  const sessions = () => [...(server as unknown as { connections: Set<{ close(): void }> }).connections];
  return {
    port,
    accepted,
    get connections() {
      return connections;
    },
    get mostOpen() {
      return mostOpen;
    },
    get mostMessagesOnAConnection() {
      return Math.max(...messagesBySession.values());
    },
    closeAll: () => sessions().forEach((connection) => connection.close()),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const text = (body: string) => () => Readable.from([Buffer.from(`Subject: test\r\n\r\n${body}\r\n`)]);

describe('the SMTP pool', () => {
  const stops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });

  it('sends over at most its connections, reusing each, and opens another after maxMessages', async () => {
    const relay = await startRelay();
    stops.push(relay.stop);
    const pool = new SmtpPool({ host: '127.0.0.1', port: relay.port, maxConnections: 3, maxMessages: 4 });
    await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        pool.send({ from: 'news@example.test', to: [`r${index}@example.test`] }, text(`m${index}`)),
      ),
    );
    pool.close();
    expect(relay.accepted).toHaveLength(24);
    expect(new Set(relay.accepted).size).toBe(24);
    // Never more than 3 at once, never more than 4 messages on one: at least 6 connections. When a connection
    // has carried its 4, a waiting sender opens the next at once rather than wait for another to come free, so
    // under load a seventh may be opened and the last ones left with fewer than 4.
    expect(relay.mostOpen).toBeLessThanOrEqual(3);
    expect(relay.mostMessagesOnAConnection).toBe(4);
    expect(relay.connections).toBeGreaterThanOrEqual(6);
  });

  it('sends on a fresh connection when the relay closed the one it kept', async () => {
    const relay = await startRelay();
    stops.push(relay.stop);
    const pool = new SmtpPool({ host: '127.0.0.1', port: relay.port, maxConnections: 1, maxMessages: 100 });
    await pool.send({ from: 'news@example.test', to: ['a@example.test'] }, text('first'));
    relay.closeAll();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await pool.send({ from: 'news@example.test', to: ['b@example.test'] }, text('second'));
    // Closed while the pool hands it out: the send finds out on the wire, before a byte of the message went.
    relay.closeAll();
    await pool.send({ from: 'news@example.test', to: ['c@example.test'] }, text('third'));
    pool.close();
    expect(relay.accepted).toEqual([
      'a@example.test:Subject: test\r\n\r\nfirst',
      'b@example.test:Subject: test\r\n\r\nsecond',
      'c@example.test:Subject: test\r\n\r\nthird',
    ]);
    expect(relay.connections).toBe(3);
  });

  it('refuses to send once closed, and a relay that is down fails the send', async () => {
    const pool = new SmtpPool({ host: '127.0.0.1', port: 1, maxConnections: 1, maxMessages: 1 });
    await expect(
      pool.send({ from: 'a@example.test', to: ['b@example.test'] }, text('x')),
    ).rejects.toMatchObject({
      code: 'ESOCKET',
    });
    pool.close();
    await expect(pool.send({ from: 'a@example.test', to: ['b@example.test'] }, text('x'))).rejects.toThrow(
      'The SMTP pool is closed',
    );
  });
});
