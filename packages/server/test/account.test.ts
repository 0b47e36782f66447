import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../src/sessions/session-ids.ts';
import type { ChannelClient } from './support/channel-client.ts';
import { createUser, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

interface SessionRecord {
  id: string;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

describe('the account page: settings and own sessions', () => {
  let herald: TestHerald;

  beforeAll(async () => {
    herald = await startTestHerald();
  });
  afterAll(() => herald.stop());

  async function newSignedInUser(): Promise<{ session: ChannelClient; sessionId: string; id: number }> {
    const user = await createUser(herald);
    return { ...(await signedIn(herald, user)), id: user.id };
  }

  describe('updateUserSettings', () => {
    it('stores the preferences and answers them; the profile shows them', async () => {
      const { session, sessionId } = await newSignedInUser();
      const settings = {
        locale: 'id',
        advanced: { enableBetaFeatures: true, featureKeys: 'a\n!b' },
        dashboard: { layout: 'grid' },
      };
      expect(
        await session.call('updateUserSettings', { sessionId, settings: JSON.stringify(settings) }),
      ).toEqual({ settings });
      expect(await session.call('getUserProfile', { sessionId })).toMatchObject({ settings });

      // The whole document is replaced, not merged.
      expect(
        await session.call('updateUserSettings', { sessionId, settings: '{"locale":"system"}' }),
      ).toEqual({ settings: { locale: 'system' } });
      expect(await session.call('getUserProfile', { sessionId })).toMatchObject({
        settings: { locale: 'system' },
      });
      session.close();
    });

    it.each([
      ['text that is not JSON', '{locale: id}', 'settings'],
      ['a JSON array', '["id"]', 'settings'],
      ['a JSON number', '5', 'settings'],
      ['JSON null', 'null', 'settings'],
      ['an unknown locale', '{"locale":"xx"}', 'settings.locale'],
      [
        'beta features that are not a boolean',
        '{"advanced":{"enableBetaFeatures":"yes"}}',
        'settings.advanced.enableBetaFeatures',
      ],
      ['more than 16 KiB', JSON.stringify({ notes: 'x'.repeat(16 * 1024) }), 'settings'],
    ])('answers ValidationError for %s and keeps the stored settings', async (_label, settings, path) => {
      const { session, sessionId } = await newSignedInUser();
      await session.call('updateUserSettings', { sessionId, settings: '{"locale":"en"}' });
      const reply = await session.request('updateUserSettings', { sessionId, settings });
      expect(reply.error?.type).toBe('ValidationError');
      expect(reply.error?.details?.map((detail) => detail.path)).toContain(path);
      expect(await session.call('getUserProfile', { sessionId })).toMatchObject({
        settings: { locale: 'en' },
      });
      session.close();
    });

    it('answers ValidationError for settings sent as an object rather than a JSON string', async () => {
      const { session, sessionId } = await newSignedInUser();
      const reply = await session.request('updateUserSettings', { sessionId, settings: { locale: 'en' } });
      expect(reply.error?.type).toBe('ValidationError');
      session.close();
    });

    it('answers InvalidSessionError without a valid session', async () => {
      const { session } = await newSignedInUser();
      const reply = await session.request('updateUserSettings', {
        sessionId: 'x'.repeat(43),
        settings: '{}',
      });
      expect(reply.error?.type).toBe('InvalidSessionError');
      session.close();
    });
  });

  describe('listUserSessions and endUserSession', () => {
    it('lists the live sessions, newest first, marking the current one, with handles that are not the ids', async () => {
      const user = await createUser(herald);
      const older = await signedIn(herald, user);
      const newer = await signedIn(herald, user);
      const ended = await signedIn(herald, user);
      await ended.session.call('terminateSession', { sessionId: ended.sessionId });

      const { records, total } = await older.session.call<{ records: SessionRecord[]; total: number }>(
        'listUserSessions',
        { sessionId: older.sessionId },
      );
      expect(total).toBe(2);
      expect(records.map((record) => record.current)).toEqual([false, true]);
      for (const record of records) {
        expect(record.id).toMatch(/^[0-9a-f]{16}$/);
        expect(new Date(record.expiresAt).getTime()).toBeGreaterThan(Date.now());
        expect(Date.parse(record.createdAt)).not.toBeNaN();
        expect(Date.parse(record.lastSeenAt)).not.toBeNaN();
      }
      const [newest, oldest] = records;
      expect(newest?.id).toBe(hashSecret(newer.sessionId).slice(0, 16));
      expect(oldest?.id).toBe(hashSecret(older.sessionId).slice(0, 16));
      const text = JSON.stringify(records);
      for (const sessionId of [older.sessionId, newer.sessionId]) {
        expect(text).not.toContain(sessionId);
        expect(text).not.toContain(hashSecret(sessionId));
      }
      for (const { session } of [older, newer, ended]) session.close();
    });

    it('ends another of the own sessions, which then stops working', async () => {
      const user = await createUser(herald);
      const here = await signedIn(herald, user);
      const elsewhere = await signedIn(herald, user);
      const handle = hashSecret(elsewhere.sessionId).slice(0, 16);

      expect(await here.session.call('endUserSession', { sessionId: here.sessionId, id: handle })).toEqual(
        {},
      );
      expect(
        (await elsewhere.session.request('renewSession', { sessionId: elsewhere.sessionId })).error?.type,
      ).toBe('InvalidSessionError');
      const { records } = await here.session.call<{ records: SessionRecord[] }>('listUserSessions', {
        sessionId: here.sessionId,
      });
      expect(records.map((record) => record.id)).toEqual([hashSecret(here.sessionId).slice(0, 16)]);

      // Ending it again: it is no longer there.
      expect(
        (await here.session.request('endUserSession', { sessionId: here.sessionId, id: handle })).error?.type,
      ).toBe('NotFoundError');
      const audit = await herald.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('actor_user_id', '=', user.id)
        .where('action', '=', 'session.ended')
        .execute();
      expect(audit).toHaveLength(1);
      for (const { session } of [here, elsewhere]) session.close();
    });

    it('ends the current session too', async () => {
      const { session, sessionId } = await newSignedInUser();
      expect(
        await session.call('endUserSession', { sessionId, id: hashSecret(sessionId).slice(0, 16) }),
      ).toEqual({});
      expect((await session.request('getUserProfile', { sessionId })).error?.type).toBe(
        'InvalidSessionError',
      );
      session.close();
    });

    it("answers NotFoundError for someone else's session and leaves it alone", async () => {
      const mine = await newSignedInUser();
      const theirs = await newSignedInUser();
      const reply = await mine.session.request('endUserSession', {
        sessionId: mine.sessionId,
        id: hashSecret(theirs.sessionId).slice(0, 16),
      });
      expect(reply.error?.type).toBe('NotFoundError');
      expect(await theirs.session.call('getUserProfile', { sessionId: theirs.sessionId })).toMatchObject({
        id: theirs.id,
      });
      for (const { session } of [mine, theirs]) session.close();
    });

    it.each(['', 'ABCDEF0123456789', '0123', hashSecret('whole hash').slice(0, 64)])(
      'answers ValidationError for the handle "%s"',
      async (id) => {
        const { session, sessionId } = await newSignedInUser();
        expect((await session.request('endUserSession', { sessionId, id })).error?.type).toBe(
          'ValidationError',
        );
        session.close();
      },
    );

    it.each(['listUserSessions', 'endUserSession'])(
      '%s answers InvalidSessionError without a valid session',
      async (command) => {
        const { session } = await newSignedInUser();
        const reply = await session.request(command, { sessionId: 'x'.repeat(43), id: '0123456789abcdef' });
        expect(reply.error?.type).toBe('InvalidSessionError');
        session.close();
      },
    );
  });
});
