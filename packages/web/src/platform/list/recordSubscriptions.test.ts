import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionState } from '../channel/connectionState.ts';
import { RecordSubscriptions } from './recordSubscriptions.ts';
import type { RecordChannel } from './recordCommands.ts';

const ok = () => Promise.resolve({ subscriptionId: 's' });

/** A channel stand-in: records requests, lets the test change its state and send pushes. */
function fakeChannel(status: ConnectionState['status'], answer: () => Promise<unknown> = ok) {
  const requests: Array<{ command: string; params: unknown }> = [];
  const pushListeners = new Set<(frame: never) => void>();
  const stateListeners = new Set<() => void>();
  let state = { status } as ConnectionState;
  const channel = {
    request: (command: string, params: unknown) => {
      requests.push({ command, params });
      return answer();
    },
    getState: () => state,
    onPush: (listener: (frame: never) => void) => {
      pushListeners.add(listener);
      return () => pushListeners.delete(listener);
    },
    onStateChange: (listener: () => void) => {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
  };
  return {
    channel: channel as unknown as RecordChannel,
    requests,
    setStatus(next: ConnectionState['status']) {
      state = { ...state, status: next };
      stateListeners.forEach((listener) => listener());
    },
    push(frame: unknown) {
      pushListeners.forEach((listener) => listener(frame as never));
    },
  };
}

describe('record subscriptions', () => {
  it('subscribes each type once, however many listen', () => {
    const fake = fakeChannel('authenticated');
    const subscriptions = new RecordSubscriptions(fake.channel, 7);
    subscriptions.listen('campaign', () => undefined);
    subscriptions.listen('campaign', () => undefined);
    expect(fake.requests).toEqual([
      { command: 'addSubscription', params: { organizationId: 7, query: { type: 'campaign' } } },
    ]);
  });

  it('waits for authentication, and subscribes again (and rereads) after a reconnection', () => {
    const fake = fakeChannel('not-connected');
    const reread: string[] = [];
    const subscriptions = new RecordSubscriptions(fake.channel, 7, (type) => reread.push(type));
    subscriptions.listen('campaign', () => undefined);
    expect(fake.requests).toHaveLength(0);
    fake.setStatus('authenticated');
    expect(fake.requests).toHaveLength(1);
    expect(reread).toEqual([]);
    fake.setStatus('retrying');
    fake.setStatus('authenticated');
    expect(fake.requests).toHaveLength(2);
    expect(reread).toEqual(['campaign']);
  });

  it('hands records pushes of the organization to the listeners of their type', () => {
    const fake = fakeChannel('authenticated');
    const subscriptions = new RecordSubscriptions(fake.channel, 7);
    const seen: unknown[] = [];
    const stop = subscriptions.listen('campaign', (push) => seen.push(push.records));
    fake.push({ event: 'records', organizationId: 7, data: { type: 'campaign', records: [{ id: 1 }] } });
    fake.push({ event: 'records', organizationId: 8, data: { type: 'campaign', records: [{ id: 2 }] } });
    fake.push({ event: 'records', organizationId: 7, data: { type: 'list', records: [{ id: 3 }] } });
    stop();
    fake.push({ event: 'records', organizationId: 7, data: { type: 'campaign', records: [{ id: 4 }] } });
    expect(seen).toEqual([[{ id: 1 }]]);
  });

  describe('a refused subscription', () => {
    afterEach(() => vi.restoreAllMocks());

    it('is reported in development builds, and asked again on the next connection', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const refusal = Object.assign(new Error('Privileges error'), { type: 'PrivilegesError' });
      const fake = fakeChannel('authenticated', () => Promise.reject(refusal));
      const subscriptions = new RecordSubscriptions(fake.channel, 7);
      subscriptions.listen('customField', () => undefined);
      await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
      expect(logged.mock.calls[0]).toEqual(['addSubscription for customField was refused', refusal]);
      fake.setStatus('retrying');
      fake.setStatus('authenticated');
      expect(fake.requests.map((request) => request.params)).toEqual([
        { organizationId: 7, query: { type: 'customField' } },
        { organizationId: 7, query: { type: 'customField' } },
      ]);
    });
  });
});
