import { ChannelError } from '../../../platform/channel/channelError.ts';

/** An uploaded file as the import commands name it. */
export interface UploadedFile {
  fileId: string;
  fileName: string;
  fileType: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

/**
 * The first file of an upload's answer. PROTOCOL §1 names its fields `id`, `name`, `type`; Herald's server
 * answers `fileId`, `fileName`, `fileType`: both are read.
 */
export function uploadedFileOf(answer: unknown): UploadedFile | null {
  const files = (answer as { files?: unknown } | null)?.files;
  if (!Array.isArray(files) || files.length === 0) return null;
  const file = files[0] as Record<string, unknown>;
  const fileId = text(file.fileId) ?? text(file.id);
  if (!fileId) return null;
  return {
    fileId,
    fileName: text(file.fileName) ?? text(file.name) ?? fileId,
    fileType: text(file.fileType) ?? text(file.type),
  };
}

/** The catalogue error of a refused upload (`{"error": {"type", "message"}}`), else an application error. */
export function uploadErrorOf(answer: unknown): ChannelError {
  const error = (answer as { error?: { type?: unknown; message?: unknown } } | null)?.error;
  return new ChannelError({
    type: text(error?.type) ?? 'ApplicationError',
    message: text(error?.message) ?? '',
  });
}

/** PROTOCOL §1: POST /uiv5-upload/ as multipart with the token, the organization and the file. */
export async function uploadFile(organizationId: number, jwt: string, file: File): Promise<UploadedFile> {
  const body = new FormData();
  body.append('jwt', jwt);
  body.append('organizationId', String(organizationId));
  body.append('file', file, file.name);
  const response = await fetch('/uiv5-upload/', { method: 'POST', body, credentials: 'same-origin' });
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) throw uploadErrorOf(answer);
  const uploaded = uploadedFileOf(answer);
  if (!uploaded) throw uploadErrorOf(null);
  return uploaded;
}
