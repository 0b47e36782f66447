import { describe, expect, it } from 'vitest';
import { connectionAlertChange } from './connectionAlerts.ts';
import type { ChannelKind, ConnectionAlertChange } from './connectionAlerts.ts';
import type { ConnectionState, ConnectionStatus } from './connectionState.ts';

function state(status: ConnectionStatus, failedRetries = 0, offlineNotified = false): ConnectionState {
  return { status, failedRetries, offlineNotified, neverConnected: status !== 'connected' };
}

const offline: ConnectionAlertChange = {
  show: { key: 'connection-offline', errorType: 'WSConnectionRetryError' },
};
const sessionOffline: ConnectionAlertChange = {
  show: { key: 'connection-offline', errorType: 'WSSessionConnectionRetryError' },
};
const closed: ConnectionAlertChange = {
  dismiss: ['connection-offline', 'connection-session-unreachable'],
  show: { key: 'connection-closed', errorType: 'WSConnectionClosedError', action: { kind: 'reload' } },
};
const unreachable: ConnectionAlertChange = {
  show: {
    key: 'connection-session-unreachable',
    errorType: 'WSSessionConnectionError',
    action: { kind: 'reload' },
  },
};
const back: ConnectionAlertChange = { dismiss: ['connection-offline', 'connection-session-unreachable'] };

describe('connectionAlertChange', () => {
  it.each<[string, ChannelKind, ConnectionState, ConnectionState, boolean, ConnectionAlertChange]>([
    ['first failure, organization', 'organization', state('connected'), state('retrying'), true, {}],
    ['2nd failed retry', 'organization', state('retrying', 1), state('retrying', 2), true, {}],
    ['3rd failed retry', 'organization', state('retrying', 2), state('retrying', 3, true), true, offline],
    ['4th failed retry', 'organization', state('retrying', 3, true), state('retrying', 4, true), true, {}],
    ['8th failed retry', 'organization', state('retrying', 7, true), state('closed', 8, true), true, closed],
    [
      'session, signed in, 3rd failed retry',
      'session',
      state('retrying', 2),
      state('retrying', 3, true),
      true,
      sessionOffline,
    ],
    ['session, signed in, first failure', 'session', state('not-connected'), state('retrying'), true, {}],
    [
      'session, signed out, unreachable',
      'session',
      state('not-connected'),
      state('retrying'),
      false,
      unreachable,
    ],
    ['session, signed out, dropped', 'session', state('connected'), state('retrying'), false, unreachable],
    ['session, signed out, later retries', 'session', state('retrying', 1), state('retrying', 2), false, {}],
    [
      'session, signed out, gives up',
      'session',
      state('retrying', 7, true),
      state('closed', 8, true),
      false,
      closed,
    ],
    ['reconnected', 'organization', state('retrying', 4, true), state('connected'), true, back],
    ['authenticated after connecting', 'organization', state('connected'), state('authenticated'), true, {}],
    ['first connection', 'session', state('not-connected'), state('connected'), false, {}],
  ])('%s', (_case, channel, previous, next, signedIn, expected) => {
    expect(connectionAlertChange(channel, previous, next, signedIn)).toEqual(expected);
  });
});
