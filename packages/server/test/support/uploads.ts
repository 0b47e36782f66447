import type { ChannelClient } from './channel-client.ts';
import type { TestHerald } from './herald.ts';

export interface UploadPart {
  name: string;
  content: Buffer | string;
}

export interface UploadReply {
  status: number;
  body: {
    files?: Array<{ fileId: string; fileName: string; fileType: string; size: number; encoding: string }>;
    error?: { type: string; message: string };
  };
}

/** POSTs files to /uiv5-upload/ as the web app does: jwt and organizationId first, then the file parts. */
export async function uploadFiles(
  herald: Pick<TestHerald, 'port'>,
  form: { jwt: string; organizationId: number; files: UploadPart[]; origin?: string; purpose?: string },
): Promise<UploadReply> {
  const body = new FormData();
  body.append('jwt', form.jwt);
  body.append('organizationId', String(form.organizationId));
  if (form.purpose !== undefined) body.append('purpose', form.purpose);
  for (const file of form.files) {
    // A copy into a plain Uint8Array: the DOM typings (browser tests include this file) refuse a Buffer part.
    const content = typeof file.content === 'string' ? file.content : new Uint8Array(file.content);
    body.append('file', new Blob([content]), file.name);
  }
  const response = await fetch(`http://127.0.0.1:${herald.port}/uiv5-upload/`, {
    method: 'POST',
    body,
    headers: form.origin ? { origin: form.origin } : {},
  });
  return { status: response.status, body: (await response.json()) as UploadReply['body'] };
}

/** An organization token for the upload form's jwt field. */
export async function organizationToken(
  session: ChannelClient,
  sessionId: string,
  organizationId: number,
): Promise<string> {
  const { token } = await session.call<{ token: string }>('getOrganizationToken', {
    sessionId,
    organizationId,
  });
  return token;
}

export interface JobView {
  id: number;
  status: string;
  progress: { done: number; total: number | null };
  result?: Record<string, unknown>;
  error?: { type: string; message: string };
}

/** Polls a job until it has finished (succeeded, failed or cancelled) and answers it. */
export async function waitForJob(
  channel: ChannelClient,
  organizationId: number,
  jobId: number,
  timeoutMs = 60_000,
): Promise<JobView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { records } = await channel.call<{ records: JobView[] }>('query', {
      organizationId,
      query: { type: 'job', filter: { id: jobId } },
    });
    const job = records[0];
    if (job && ['succeeded', 'failed', 'cancelled'].includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job?.status ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
