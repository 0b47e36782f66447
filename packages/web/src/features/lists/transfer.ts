import { errorCatalogue, uploadResponseSchema } from '@herald/protocol';
import type { UploadedFile, UploadPurpose } from '@herald/protocol';

export type { UploadedFile };

/** The first file of an upload's answer (PROTOCOL §5, the contract's schema), or null when it is not one. */
export function uploadedFileOf(answer: unknown): UploadedFile | null {
  const parsed = uploadResponseSchema.safeParse(answer);
  return parsed.success ? (parsed.data.files[0] ?? null) : null;
}

/** A failed upload, by catalogue type, with the values its message needs (status and text). */
export class TransferError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly values: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = 'TransferError';
  }
}

/**
 * The error of a refused upload: the server's catalogue error when the body names one (say
 * ImportFileUnsupported), else platform §7's 'File upload failed (status - text).'
 */
export async function uploadErrorOf(response: {
  status: number;
  statusText: string;
  text(): Promise<string>;
}): Promise<TransferError> {
  let body = '';
  try {
    body = await response.text();
  } catch {
    body = '';
  }
  try {
    const parsed = JSON.parse(body) as { error?: { type?: unknown; message?: unknown } };
    const type = parsed.error?.type;
    if (typeof type === 'string' && type in errorCatalogue) {
      const message = typeof parsed.error?.message === 'string' ? parsed.error.message : type;
      return new TransferError(type, message);
    }
  } catch {
    // Not JSON: the generic message below.
  }
  const text = response.statusText || body.slice(0, 200);
  return new TransferError('FileUploadFailedError', `File upload failed (${response.status} - ${text}).`, {
    status: response.status,
    text,
  });
}

/**
 * Uploads one file (platform §7): multipart to the organization's host at /uiv5-upload/, the file map's
 * parts (here one, `file`) plus jwt and organizationId. The two fields go first, so a caller who may not
 * upload is refused before the file is stored.
 */
export async function uploadFile(
  file: File,
  credentials: { jwt: string; organizationId: number; purpose?: UploadPurpose },
  fetchImpl: typeof fetch = fetch,
): Promise<UploadedFile> {
  const form = new FormData();
  // The purpose (assets, or the default imports) goes before the files, as the upload route asks.
  if (credentials.purpose) form.append('purpose', credentials.purpose);
  form.append('jwt', credentials.jwt);
  form.append('organizationId', String(credentials.organizationId));
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetchImpl('/uiv5-upload/', { method: 'POST', body: form });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    throw new TransferError('FileUploadFailedError', `File upload failed (0 - ${text}).`, {
      status: 0,
      text,
    });
  }
  if (!response.ok) throw await uploadErrorOf(response);
  const uploaded = uploadedFileOf(await response.json().catch(() => null));
  if (!uploaded) {
    throw new TransferError('FileUploadFailedError', `File upload failed (${response.status} - ).`, {
      status: response.status,
      text: '',
    });
  }
  return uploaded;
}

/** The address of an extract (platform §7): POST /uiv5-extract/{organization}/{name}.zip. */
export function extractAddress(organizationId: number, name: string): string {
  return `/uiv5-extract/${organizationId}/${encodeURIComponent(name)}.zip`;
}

/**
 * Downloads an extract the way platform §7 says: a form posted with a hidden `jwt` field, built in the
 * page and submitted, so the browser saves the zip rather than the app reading it into memory.
 */
export function downloadExtract(
  organizationId: number,
  name: string,
  jwt: string,
  document: Document = globalThis.document,
): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = extractAddress(organizationId, name);
  form.style.display = 'none';
  const field = document.createElement('input');
  field.type = 'hidden';
  field.name = 'jwt';
  field.value = jwt;
  form.appendChild(field);
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
