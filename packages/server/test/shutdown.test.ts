import { describe, expect, it } from 'vitest';
import { ChannelClient } from './support/channel-client.ts';
import { startTestHerald } from './support/herald.ts';

describe('graceful shutdown', () => {
  it('closes open sockets, stops accepting, and closes the database', async () => {
    const herald = await startTestHerald();
    const session = await ChannelClient.open(herald.wsUrl('session'));
    const organization = await ChannelClient.open(herald.wsUrl('uiv5'));
    const closed = Promise.all([session.closed(), organization.closed()]);
    await herald.stop();
    const codes = (await closed).map((close) => close.code);
    for (const code of codes) expect([1001, 1005, 1006]).toContain(code);
    await expect(fetch(`${herald.url}/healthz`)).rejects.toThrow();
    expect(await herald.database.ping()).toBe(false);
  });
});
