import { describe, expect, it } from 'vitest';
import { checkAssetFile, checkAssetSize, detectAssetFileType } from './check-asset-file.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('checkAssetFile', () => {
  it('knows a PNG by its bytes whatever its name, and an SVG and a snippet by their text', async () => {
    expect(await checkAssetFile(PNG, 'logo.gif')).toEqual({ fileType: 'png', kind: 'image' });
    expect(
      await checkAssetFile(Buffer.from('\uFEFF<!-- logo --><svg viewBox="0 0 1 1"/>'), 'logo.svg'),
    ).toEqual({
      fileType: 'svg',
      kind: 'image',
    });
    expect(await checkAssetFile(Buffer.from('<p>Hello</p>'), 'hello.html')).toEqual({
      fileType: 'html',
      kind: 'html',
    });
  });

  it.each([
    ['HTML named as an image', '<html><body>hi</body></html>', 'photo.jpg'],
    ['plain text', 'just words', 'notes.html'],
    ['a PDF', '%PDF-1.4\n1 0 obj\n<<>>\nendobj\n', 'file.png'],
    ['an empty file', '', 'empty.png'],
  ])('refuses %s', async (_what, content, name) => {
    await expect(checkAssetFile(Buffer.from(content), name)).rejects.toMatchObject({
      type: 'AssetFileUnsupportedError',
    });
  });

  it('takes a zip only where a bulk import does', async () => {
    const zip = Buffer.from('504b0304140000000000', 'hex');
    await expect(detectAssetFileType(zip, 'a.zip', { zip: false })).rejects.toMatchObject({
      type: 'AssetFileUnsupportedError',
    });
  });

  it('answers "Invalid file size" for a negative size and AssetTooLargeError past 10 MB', () => {
    expect(() => checkAssetSize(-1)).toThrow(expect.objectContaining({ type: 'InvalidFileSizeError' }));
    expect(() => checkAssetSize(10 * 1024 * 1024 + 1)).toThrow(
      expect.objectContaining({
        type: 'AssetTooLargeError',
        message: 'The file is larger than the 10 MiB asset limit.',
      }),
    );
    expect(() => checkAssetSize(10 * 1024 * 1024)).not.toThrow();
  });
});
