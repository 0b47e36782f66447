import { describe, expect, it } from 'vitest';
import { uploadErrorOf, uploadedFileOf } from './uploadFile.ts';

describe('uploadedFileOf', () => {
  it("reads Herald's field names and the protocol's", () => {
    expect(
      uploadedFileOf({ files: [{ fileId: 'f1', fileName: 'a.csv', fileType: 'csv', size: 3 }] }),
    ).toEqual({ fileId: 'f1', fileName: 'a.csv', fileType: 'csv' });
    expect(uploadedFileOf({ files: [{ id: 'f2', name: 'b.xlsx', type: 'xlsx' }] })).toEqual({
      fileId: 'f2',
      fileName: 'b.xlsx',
      fileType: 'xlsx',
    });
  });

  it('answers null for an answer without a file', () => {
    expect(uploadedFileOf({ files: [] })).toBeNull();
    expect(uploadedFileOf(null)).toBeNull();
    expect(uploadedFileOf({ files: [{ name: 'x' }] })).toBeNull();
  });

  it('turns a refusal into a catalogue error', () => {
    const error = uploadErrorOf({ error: { type: 'ImportFileUnsupported', message: 'no' } });
    expect(error.type).toBe('ImportFileUnsupported');
    expect(uploadErrorOf('junk').type).toBe('ApplicationError');
  });
});
