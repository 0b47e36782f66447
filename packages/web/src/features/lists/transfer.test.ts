import { describe, expect, it } from 'vitest';
import { extractAddress, uploadErrorOf, uploadFile } from './transfer.ts';

const answer = (status: number, body: string, statusText = '') => ({
  status,
  statusText,
  ok: status >= 200 && status < 300,
  text: () => Promise.resolve(body),
  json: () => Promise.resolve(JSON.parse(body) as unknown),
});

describe('upload and extract', () => {
  it('reads a refusal as the platform message, with status and text', async () => {
    const error = await uploadErrorOf(answer(413, 'too big', 'Payload Too Large'));
    expect(error.type).toBe('FileUploadFailedError');
    expect(error.message).toBe('File upload failed (413 - Payload Too Large).');
    expect(error.values).toEqual({ status: 413, text: 'Payload Too Large' });
  });

  it('keeps the server’s catalogue error when the body names one', async () => {
    const body = JSON.stringify({
      error: { type: 'ImportFileUnsupported', message: 'Unable to process file.' },
    });
    const error = await uploadErrorOf(answer(400, body, 'Bad Request'));
    expect(error.type).toBe('ImportFileUnsupported');
  });

  it('posts the file with jwt and organizationId and answers the uploaded file', async () => {
    let sent: FormData | undefined;
    const fakeFetch = ((_address: string, init: { body: FormData }) => {
      sent = init.body;
      return Promise.resolve(
        answer(
          200,
          JSON.stringify({
            files: [{ fileId: 'f1', fileName: 'a.csv', fileType: 'csv', size: 3, encoding: 'utf-8' }],
          }),
        ),
      );
    }) as unknown as typeof fetch;
    const file = new File(['a,b'], 'a.csv', { type: 'text/csv' });
    const uploaded = await uploadFile(file, { jwt: 'token', organizationId: 7 }, fakeFetch);
    expect(uploaded.fileId).toBe('f1');
    expect(sent?.get('jwt')).toBe('token');
    expect(sent?.get('organizationId')).toBe('7');
    expect((sent?.get('file') as File).name).toBe('a.csv');
  });

  it('names the extract address', () => {
    expect(extractAddress(7, 'rejected-12')).toBe('/uiv5-extract/7/rejected-12.zip');
  });
});
