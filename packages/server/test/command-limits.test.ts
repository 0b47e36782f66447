import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineArea } from '../src/area.ts';
import { heraldAreas } from '../src/areas.ts';
import { campaignResource } from '../src/campaigns/campaign-resource.ts';
import { commandLimits } from '../src/channels/command-gate.ts';
import { implementResource } from '../src/query/resources.ts';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization, createUser, organizationConnection, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

// One user's burst must not stall everyone on the single embedded connection: a socket runs a few commands at a
// time, the rest wait their turn or, past the waiting room, answer TooManyRequestsError; work still waiting when
// its socket closes never runs.
let started = 0;
const slowCampaigns = implementResource({
  ...campaignResource,
  definition: { ...campaignResource.definition, type: 'slowCampaignForLimits' },
  beforeQuery: async () => {
    started += 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
  },
});

describe('commands in flight per socket and per user', () => {
  let herald: TestHerald;
  let organizationId: number;
  const sockets: ChannelClient[] = [];

  beforeAll(async () => {
    herald = await startTestHerald(
      {},
      { areas: [...heraldAreas, defineArea({ name: 'slow (test)', resources: [slowCampaigns] })] },
    );
    organizationId = await createOrganization(herald);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await herald.stop();
  });

  async function connect(user?: Awaited<ReturnType<typeof createUser>>) {
    const viewer = user ?? (await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]));
    const { session, sessionId } = await signedIn(herald, viewer);
    const channel = await organizationConnection(herald, session, sessionId, organizationId);
    sockets.push(session, channel);
    return { channel, viewer };
  }
  const slowQuery = (channel: ChannelClient) =>
    channel.request('query', { organizationId, query: { type: 'slowCampaignForLimits' }, limit: 1 });

  it('answers a burst past the waiting room with TooManyRequestsError, and the rest in turn', async () => {
    const { channel } = await connect();
    const burst = commandLimits.runningPerConnection + commandLimits.waitingPerConnection + 20;
    const replies = await Promise.all(Array.from({ length: burst }, () => slowQuery(channel)));
    const refused = replies.filter((reply) => reply.error?.type === 'TooManyRequestsError');
    expect(refused).toHaveLength(20);
    expect(replies.filter((reply) => reply.result)).toHaveLength(burst - 20);
  });

  it("keeps another user's work and a ping answered while one socket is busy", async () => {
    const { channel: busy } = await connect();
    const { channel: other } = await connect();
    const burst = Promise.all(Array.from({ length: 40 }, () => slowQuery(busy)));
    const startedBefore = started;
    // The other user's query runs beside at most runningPerConnection of the burst, not behind all 40.
    const reply = await other.request('query', { organizationId, query: { type: 'campaign' }, limit: 1 });
    expect(reply.error).toBeUndefined();
    expect(started - startedBefore).toBeLessThanOrEqual(commandLimits.runningPerConnection * 2);
    expect((await busy.request('ping', {})).error).toBeUndefined();
    await burst;
  });

  it('limits one user across sockets', async () => {
    const { channel: first, viewer } = await connect();
    const { channel: second } = await connect(viewer);
    const { channel: third } = await connect(viewer);
    const startedBefore = started;
    const burst = Promise.all(
      [first, second, third].flatMap((channel) => Array.from({ length: 6 }, () => slowQuery(channel))),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(started - startedBefore).toBeLessThanOrEqual(commandLimits.runningPerUser);
    await burst;
  });

  it('drops the work still waiting when its socket closes', async () => {
    const { channel } = await connect();
    const startedBefore = started;
    for (let index = 0; index < 40; index += 1) void slowQuery(channel).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    channel.close();
    await new Promise((resolve) => setTimeout(resolve, 800));
    // The few that had started finish; the 30-odd waiting never run.
    expect(started - startedBefore).toBeLessThanOrEqual(commandLimits.runningPerConnection * 2);
  });
});
