import yazl from 'yazl';
import type { TestHerald } from './support/herald.ts';
import type { UploadPart, UploadReply } from './support/uploads.ts';

/** A 1×1 PNG and a 1×1 GIF, real files a browser shows. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const SAFE_SVG =
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#c00"/></svg>';
export const SCRIPTED_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="1" height="1"/></svg>';
export const HTML_PAGE =
  '<!doctype html><html><body><h1>Not a picture</h1><script>alert(1)</script></body></html>';

/** POSTs files to /uiv5-upload/ as the web app does for assets: purpose first, then jwt, organizationId, files. */
export async function uploadAssets(
  herald: Pick<TestHerald, 'port'>,
  form: { jwt: string; organizationId: number; files: UploadPart[] },
): Promise<UploadReply> {
  const body = new FormData();
  body.append('purpose', 'asset');
  body.append('jwt', form.jwt);
  body.append('organizationId', String(form.organizationId));
  for (const file of form.files) {
    const content = typeof file.content === 'string' ? file.content : new Uint8Array(file.content);
    body.append('file', new Blob([content]), file.name);
  }
  const response = await fetch(`http://127.0.0.1:${herald.port}/uiv5-upload/`, { method: 'POST', body });
  return { status: response.status, body: (await response.json()) as UploadReply['body'] };
}

/** A zip of the files given, built with yazl (a real archiver, as a user's would be). */
export function zipOf(files: Array<{ name: string; content: Buffer | string }>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files)
    zip.addBuffer(typeof file.content === 'string' ? Buffer.from(file.content) : file.content, file.name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}
