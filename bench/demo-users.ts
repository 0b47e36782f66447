import type WebSocket from 'ws';
import { DEMO_SUBSCRIBER_COUNT } from '../packages/server/src/seed/demo-subscribers.ts';
import { DEMO_PASSWORD, type ServerProcess } from './server-process.ts';
import { call, CommandError, open } from './ws-client.ts';

/** Signing the demo's users in to a bench server, and waiting for its jobs. */

/**
 * The demo administrator signed in, with a channel authenticated on their first organization (by name,
 * Acme Retail) or the one asked for.
 */
export interface AdminConnection {
  session: WebSocket;
  channel: WebSocket;
  sessionId: string;
  organizationId: number;
  token: string;
  close(): void;
}

/**
 * Signs the demo administrator in (HERALD_DEMO_PASSWORD as startServerProcess sets it) and, unless told
 * otherwise, waits until the demo subscribers are seeded. `organization` names the organization to work in.
 */
export async function signInAsAdmin(
  server: ServerProcess,
  { awaitDemoSeed = true, organization }: { awaitDemoSeed?: boolean; organization?: string } = {},
): Promise<AdminConnection> {
  const session = await open(`ws://127.0.0.1:${server.port}/session`);
  const url = `ws://127.0.0.1:${server.port}/uiv5`;
  const channel = await open(url);
  const close = () => {
    session.close();
    channel.close();
  };
  try {
    const signedIn = (await call(session, 'createSession', {
      email: 'admin@example.com',
      password: DEMO_PASSWORD,
    })) as {
      sessionId: string;
      user: { organizations: Array<{ organization_id: number; organization: string }> };
    };
    const organizationId = signedIn.user.organizations.find(
      (candidate) => organization === undefined || candidate.organization === organization,
    )?.organization_id;
    if (organizationId === undefined)
      throw new Error(`the demo admin has no organization ${organization ?? ''}`);
    if (awaitDemoSeed)
      await demoSubscribersSeeded(
        url,
        session,
        signedIn.sessionId,
        signedIn.user.organizations.map((organization) => organization.organization_id),
      );
    const { token } = (await call(session, 'getOrganizationToken', {
      sessionId: signedIn.sessionId,
      organizationId,
    })) as { token: string };
    await call(channel, 'authenticateConnection', { organizationId, jwt: token });
    return { session, channel, sessionId: signedIn.sessionId, organizationId, token, close };
  } catch (error) {
    close();
    throw error;
  }
}

/**
 * Signs a demo user in (the demo password) and answers an organization channel authenticated on
 * `organizationId`; the session's socket is closed once the token is had.
 */
export async function signInAs(
  server: ServerProcess,
  email: string,
  organizationId: number,
): Promise<WebSocket> {
  const session = await open(`ws://127.0.0.1:${server.port}/session`);
  const channel = await open(`ws://127.0.0.1:${server.port}/uiv5`);
  try {
    const { sessionId } = (await call(session, 'createSession', { email, password: DEMO_PASSWORD })) as {
      sessionId: string;
    };
    const { token } = (await call(session, 'getOrganizationToken', { sessionId, organizationId })) as {
      token: string;
    };
    await call(channel, 'authenticateConnection', { organizationId, jwt: token });
    return channel;
  } catch (error) {
    channel.close();
    throw error;
  } finally {
    session.close();
  }
}

export interface JobView {
  status: string;
  result?: Record<string, number>;
  error?: { type: string };
}

/**
 * Polls the job (`query` of type `job`) until it succeeds, and throws if it ends otherwise or is still
 * queued or running after `timeoutMs`. A poll that times out while a long statement holds the database
 * (QueryTimeoutError) is simply asked again.
 */
export async function waitForJob(admin: AdminConnection, jobId: number, timeoutMs: number): Promise<JobView> {
  const { channel, organizationId } = admin;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await call(channel, 'query', {
      organizationId,
      query: { type: 'job', filter: { id: jobId } },
    }).then(
      (reply) => (reply as { records: JobView[] }).records[0],
      (error: unknown) => {
        if (error instanceof CommandError && error.type === 'QueryTimeoutError') return undefined;
        throw error;
      },
    );
    if (job?.status === 'succeeded') return job;
    if (job && job.status !== 'queued' && job.status !== 'running')
      throw new Error(`job ${job.status}: ${job.error?.type ?? ''}`);
    if (Date.now() > deadline) throw new Error(`job still ${job?.status} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The server seeds its 20,000 demo subscribers after it is ready (start.ts): waited for, so that the
 * import is timed alone rather than beside the seeding.
 */
async function demoSubscribersSeeded(
  url: string,
  session: WebSocket,
  sessionId: string,
  organizationIds: readonly number[],
): Promise<void> {
  const channels = await Promise.all(
    organizationIds.map(async (organizationId) => {
      const channel = await open(url);
      const { token } = (await call(session, 'getOrganizationToken', { sessionId, organizationId })) as {
        token: string;
      };
      await call(channel, 'authenticateConnection', { organizationId, jwt: token });
      return { channel, organizationId };
    }),
  );
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      let seeded = 0;
      for (const { channel, organizationId } of channels) {
        const { total } = (await call(channel, 'query', {
          organizationId,
          query: { type: 'subscriber' },
          limit: 0,
        })) as { total: number };
        seeded += total;
      }
      if (seeded >= DEMO_SUBSCRIBER_COUNT) return;
      if (Date.now() > deadline) throw new Error(`the demo seed stopped at ${seeded} subscribers`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    for (const { channel } of channels) channel.close();
  }
}
