import { organizationConnection, signedIn, type TestHerald } from '@herald/server/testing';

/**
 * Writes records as `user` through the organization channel's writeRecords, the way the app does, over a
 * connection of its own that is closed afterwards. Answers the records as stored.
 */
export async function writeRecordsAs(
  herald: TestHerald,
  user: { email: string; password: string },
  organizationId: number,
  type: string,
  data: Array<Record<string, unknown>>,
): Promise<Array<Record<string, unknown>>> {
  const { session, sessionId } = await signedIn(herald, user);
  try {
    const channel = await organizationConnection(herald, session, sessionId, organizationId);
    try {
      const { records } = await channel.call<{ records: Array<Record<string, unknown>> }>('writeRecords', {
        organizationId,
        type,
        data,
      });
      return records;
    } finally {
      channel.close();
    }
  } finally {
    session.close();
  }
}

/** Runs one organization-channel command as `user` (createAsset, importAssets …) and answers its result. */
export async function callAs<Result>(
  herald: TestHerald,
  user: { email: string; password: string },
  organizationId: number,
  command: string,
  params: Record<string, unknown>,
): Promise<Result> {
  const { session, sessionId } = await signedIn(herald, user);
  try {
    const channel = await organizationConnection(herald, session, sessionId, organizationId);
    try {
      return await channel.call<Result>(command, { organizationId, ...params });
    } finally {
      channel.close();
    }
  } finally {
    session.close();
  }
}
