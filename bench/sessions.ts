import { DEMO_PASSWORD, startServerProcess } from './server-process.ts';
import { call, open } from './ws-client.ts';

const SIGN_INS = 60;
const RENEW_CONNECTIONS = 50;
const RENEW_DURATION_MS = 5_000;

/**
 * Password sign-in: createSession for a demo user, one at a time (the argon2id verification dominates),
 * measured as the round trip on loopback, which bounds the server time from above.
 * Session renewals: 50 connections renewing their sessions back to back for 5 s.
 */
export async function benchSessions(): Promise<string[]> {
  const server = await startServerProcess();
  try {
    const socket = await open(`ws://127.0.0.1:${server.port}/session`);
    const signIn = () =>
      call(socket, 'createSession', { email: 'admin@example.com', password: DEMO_PASSWORD });
    for (let warmUp = 0; warmUp < 5; warmUp += 1) await signIn();
    const times: number[] = [];
    for (let attempt = 0; attempt < SIGN_INS; attempt += 1) {
      const startedAt = performance.now();
      await signIn();
      times.push(performance.now() - startedAt);
    }
    socket.close();

    const renewers = await Promise.all(
      Array.from({ length: RENEW_CONNECTIONS }, async (_, index) => {
        const connection = await open(`ws://127.0.0.1:${server.port}/session`);
        const email = ['admin', 'power', 'editor', 'viewer', 'franchisee'][index % 5];
        const { sessionId } = (await call(connection, 'createSession', {
          email: `${email}@example.com`,
          password: DEMO_PASSWORD,
        })) as {
          sessionId: string;
        };
        return { connection, sessionId };
      }),
    );
    let renewals = 0;
    const endAt = performance.now() + RENEW_DURATION_MS;
    const startedAt = performance.now();
    await Promise.all(
      renewers.map(async ({ connection, sessionId }) => {
        while (performance.now() < endAt) {
          await call(connection, 'renewSession', { sessionId });
          renewals += 1;
        }
      }),
    );
    const rate = renewals / ((performance.now() - startedAt) / 1000);
    for (const { connection } of renewers) connection.close();

    times.sort((a, b) => a - b);
    const at = (p: number) =>
      (times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? Number.NaN).toFixed(1);
    return [
      `password sign-in (createSession, argon2id t=2 m=19 MiB): p50 ${at(50)} ms, p99 ${at(99)} ms round trip (${SIGN_INS} sign-ins; target p50 ≤ 150 ms)`,
      `session renewals: ${Math.round(rate)}/s with ${RENEW_CONNECTIONS} connections for ${RENEW_DURATION_MS / 1000} s on the embedded database (target ≥ 2,000/s)`,
    ];
  } finally {
    await server.stop();
  }
}
