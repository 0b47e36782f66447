import { uploadedFileOf, uploadErrorOf, TransferError, type UploadedFile } from '../lists/transfer.ts';

/**
 * Uploads a template package zip (platform §7's upload route, `purpose` templatePackage) with XMLHttpRequest,
 * whose upload events tell the progress fetch cannot. The fields go before the file, so a caller who may not
 * upload packages is refused before it is stored. A refusal is the server's catalogue error
 * (TemplatePackageNotZipError, TemplatePackageTooLargeError …), else 'File upload failed (status - text).'
 */
export function uploadTemplatePackage(
  file: File,
  credentials: { jwt: string; organizationId: number },
  onProgress: (fraction: number) => void,
): Promise<UploadedFile> {
  const form = new FormData();
  form.append('jwt', credentials.jwt);
  form.append('organizationId', String(credentials.organizationId));
  form.append('purpose', 'templatePackage');
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/uiv5-upload/');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () =>
      reject(
        new TransferError('FileUploadFailedError', 'File upload failed (0 - network error).', {
          status: 0,
          text: 'network error',
        }),
      );
    request.onload = () => {
      const body = request.responseText;
      if (request.status < 200 || request.status >= 300) {
        void uploadErrorOf({
          status: request.status,
          statusText: request.statusText,
          text: () => Promise.resolve(body),
        }).then(reject);
        return;
      }
      let answer: unknown = null;
      try {
        answer = JSON.parse(body);
      } catch {
        answer = null;
      }
      const uploaded = uploadedFileOf(answer);
      if (uploaded) resolve(uploaded);
      else
        reject(
          new TransferError('FileUploadFailedError', `File upload failed (${request.status} - ).`, {
            status: request.status,
            text: '',
          }),
        );
    };
    request.send(form);
  });
}
