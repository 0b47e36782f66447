import { describe, expect, it } from 'vitest';
import {
  defaultNotificationFilters,
  matchesFilters,
  newWorkflowNotifications,
  notificationFilterParam,
  notificationKind,
  readNotification,
  toggleKind,
} from './notificationFilters.ts';

describe('notification filters', () => {
  it('reads kinds singular or plural', () => {
    expect(notificationKind('proof')).toBe('proofs');
    expect(notificationKind('Approvals')).toBe('approvals');
    expect(notificationKind('check')).toBe('checks');
    expect(notificationKind('deploy')).toBe('sends');
    expect(notificationKind('something')).toBeNull();
  });

  it('reads a record defensively', () => {
    expect(readNotification({ id: 4, type: 'proof', message: 'Proof sent', user_id: 2 }, 0)).toMatchObject({
      id: '4',
      kind: 'proofs',
      message: 'Proof sent',
      userId: 2,
      workflow: true,
    });
    expect(readNotification(null, 3)).toMatchObject({ id: 'notification-3', kind: null, workflow: false });
  });

  it('hides kinds switched off, and others\u2019 notifications under "from me"', () => {
    const proof = readNotification({ id: 1, kind: 'proofs', userId: 2 }, 0);
    const send = readNotification({ id: 2, kind: 'sends', userId: 3 }, 1);
    const withoutProofs = toggleKind(defaultNotificationFilters, 'proofs');
    expect(withoutProofs.kinds).toEqual(['extracts', 'checks', 'approvals', 'sends']);
    expect(matchesFilters(proof, withoutProofs, 2)).toBe(false);
    expect(matchesFilters(send, withoutProofs, 2)).toBe(true);
    const fromMe = { ...defaultNotificationFilters, scope: 'me' as const };
    expect(matchesFilters(proof, fromMe, 2)).toBe(true);
    expect(matchesFilters(send, fromMe, 2)).toBe(false);
    expect(toggleKind(withoutProofs, 'proofs').kinds).toEqual(defaultNotificationFilters.kinds);
  });

  it('reads getUserNotifications records and honours fromMe', () => {
    const mine = readNotification(
      {
        id: 9,
        kind: 'approvals',
        fromMe: true,
        actorUserId: 5,
        messageKey: 'approved',
        messageValues: { name: 'X' },
      },
      0,
    );
    expect(mine).toMatchObject({
      id: '9',
      kind: 'approvals',
      fromMe: true,
      messageKey: 'approved',
      userId: 5,
    });
    const fromMe = { ...defaultNotificationFilters, scope: 'me' as const };
    expect(matchesFilters(mine, fromMe, 1)).toBe(true);
    expect(matchesFilters({ ...mine, fromMe: false }, fromMe, 5)).toBe(false);
    expect(readNotification({ id: 1, kind: 'system' }, 0).workflow).toBe(false);
  });

  it('sends kinds only when some are switched off', () => {
    expect(notificationFilterParam(defaultNotificationFilters)).toEqual({ from: 'all' });
    expect(
      notificationFilterParam(toggleKind({ ...defaultNotificationFilters, scope: 'me' }, 'sends')),
    ).toEqual({
      from: 'me',
      kinds: ['proofs', 'extracts', 'checks', 'approvals'],
    });
  });

  it('announces only workflow notifications new since the last look', () => {
    const first = [readNotification({ id: 1, kind: 'proofs' }, 0)];
    expect(newWorkflowNotifications(null, first)).toEqual([]);
    const later = [
      ...first,
      readNotification({ id: 2, kind: 'approval' }, 1),
      readNotification({ id: 3, kind: 'news' }, 2),
    ];
    expect(newWorkflowNotifications(new Set(['1']), later).map((item) => item.id)).toEqual(['2']);
  });
});
