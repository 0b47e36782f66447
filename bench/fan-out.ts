import type WebSocket from 'ws';
import { DEMO_PASSWORD, startServerProcess } from './server-process.ts';
import { call, open } from './ws-client.ts';

const CONNECTIONS = 500;
const WRITES = 20;
const PUSH_WAIT_MS = 5_000;
/** Head-office demo users (the franchisee is partition-restricted and would not see head-office campaigns). */
const SUBSCRIBERS = ['admin', 'power', 'editor', 'viewer'];

/**
 * Live fan-out: 500 organization connections of the demo organization, signed in as demo users, each
 * subscribed to `campaign`; a further connection (admin, content-edit) creates campaigns one at a time with
 * writeRecords. For each write, the time from its reply (and from sending it) until the `records` push
 * naming the new campaign arrives on each of the 500 connections. The server announces before it replies,
 * so pushes often arrive before the reply; the time from sending the write is the figure that counts. All on loopback in one client process,
 * so the client's own handling of 500 frames is included (an upper bound on the server's share).
 */
export async function benchFanOut(): Promise<string[]> {
  const server = await startServerProcess();
  const sockets: WebSocket[] = [];
  try {
    const sessionUrl = `ws://127.0.0.1:${server.port}/session`;
    const orgUrl = `ws://127.0.0.1:${server.port}/uiv5`;
    const sessions = await Promise.all(
      SUBSCRIBERS.map(async (name) => {
        const socket = await open(sessionUrl);
        socket.setMaxListeners(0); // many token requests in flight at once
        sockets.push(socket);
        const result = (await call(socket, 'createSession', {
          email: `${name}@example.com`,
          password: DEMO_PASSWORD,
        })) as { sessionId: string; user: { organizations: Array<{ organization_id: number }> } };
        return { socket, sessionId: result.sessionId, organizations: result.user.organizations };
      }),
    );
    const organizationId = sessions[0]?.organizations[0]?.organization_id;
    if (organizationId === undefined) throw new Error('the demo admin has no organization');
    const tokenFor = async (index: number) => {
      const session = sessions[index % sessions.length]!;
      const { token } = (await call(session.socket, 'getOrganizationToken', {
        sessionId: session.sessionId,
        organizationId,
      })) as { token: string };
      return token;
    };

    const arrivals: Array<Map<number, number>> = [];
    for (let batch = 0; batch < CONNECTIONS; batch += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, CONNECTIONS - batch) }, async (_, offset) => {
          const socket = await open(orgUrl);
          sockets.push(socket);
          await call(socket, 'authenticateConnection', {
            organizationId,
            jwt: await tokenFor(batch + offset),
          });
          await call(socket, 'addSubscription', { organizationId, query: { type: 'campaign' } });
          const seen = new Map<number, number>();
          arrivals.push(seen);
          socket.on('message', (data) => {
            const at = performance.now();
            const frame = JSON.parse(String(data)) as {
              event?: string;
              data?: { type: string; records: Array<{ id: number }> };
            };
            if (frame.event !== 'records' || frame.data?.type !== 'campaign') return;
            for (const record of frame.data.records) if (!seen.has(record.id)) seen.set(record.id, at);
          });
        }),
      );
    }

    const writer = await open(orgUrl);
    sockets.push(writer);
    await call(writer, 'authenticateConnection', { organizationId, jwt: await tokenFor(0) });
    const written = await call(writer, 'writeRecords', {
      organizationId,
      type: 'campaign',
      data: [{ name: 'Fan-out warm-up', startDate: '2026-01-01' }],
    }).catch((error: unknown) => error as Error);
    if (written instanceof Error)
      return [`fan-out: skipped — writeRecords for campaigns is not available (${written.message})`];

    const fromReply: number[] = [];
    const fromSend: number[] = [];
    let missing = 0;
    let beforeReply = 0;
    for (let write = 0; write < WRITES; write += 1) {
      const sentAt = performance.now();
      const { records } = (await call(writer, 'writeRecords', {
        organizationId,
        type: 'campaign',
        data: [{ name: `Fan-out ${write}`, startDate: '2026-01-01' }],
      })) as { records: Array<{ id: number }> };
      const repliedAt = performance.now();
      const id = records[0]!.id;
      const until = performance.now() + PUSH_WAIT_MS;
      while (arrivals.some((seen) => !seen.has(id)) && performance.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 5));
      for (const seen of arrivals) {
        const at = seen.get(id);
        if (at === undefined) {
          missing += 1;
          continue;
        }
        if (at <= repliedAt) beforeReply += 1;
        fromReply.push(Math.max(0, at - repliedAt));
        fromSend.push(at - sentAt);
      }
    }
    const at = (values: number[], p: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      return (
        sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
      ).toFixed(1);
    };
    const share = fromSend.length > 0 ? Math.round((100 * beforeReply) / fromSend.length) : 0;
    return [
      `campaign write → records push on ${CONNECTIONS} subscribed connections (${WRITES} writes, ${fromSend.length} pushes, ${missing} missing): from sending the write p50 ${at(fromSend, 50)} ms, p99 ${at(fromSend, 99)} ms (target p99 ≤ 200 ms)`,
      `  from the write's reply p50 ${at(fromReply, 50)} ms, p99 ${at(fromReply, 99)} ms (0 when the push came first: ${share}% of pushes arrived before the reply)`,
    ];
  } finally {
    for (const socket of sockets) socket.close();
    await server.stop();
  }
}
