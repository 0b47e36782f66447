import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelClient } from './support/channel-client.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

/**
 * The embedded database runs on a thread of its own: a statement that takes seconds (a generation, an
 * import's batch) occupies that thread, not the server's, so sockets and health checks stay answered.
 * On PostgreSQL the statement runs in another process anyway; the test holds there too.
 */
describe('the server answers while a long statement runs', () => {
  let herald: TestHerald;

  beforeAll(async () => {
    herald = await startTestHerald();
  });
  afterAll(async () => {
    await herald.stop();
  });

  it('answers pings, /healthz and /readyz during a two-second statement, not after it', async () => {
    const session = await ChannelClient.open(herald.wsUrl('uiv5'));
    let statementEnded = false;
    // pg_sleep keeps the database's thread busy for the whole statement, as a heavy statement does.
    const statement = sql`SELECT pg_sleep(2)`.execute(herald.database.db).finally(() => {
      statementEnded = true;
    });
    const waits: number[] = [];
    while (!statementEnded) {
      const sent = performance.now();
      await session.call('ping', {});
      const health = await fetch(`${herald.url}/healthz`);
      expect(health.status).toBe(200);
      const readiness = await fetch(`${herald.url}/readyz`);
      expect(readiness.status).toBe(200);
      if (!statementEnded) waits.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await statement;
    session.close();
    // Answered again and again while the statement ran: had a round waited for the statement, only the first
    // could end before it. No bound on each wait, which a loaded machine stretches.
    expect(waits.length).toBeGreaterThanOrEqual(3);
  });
});
