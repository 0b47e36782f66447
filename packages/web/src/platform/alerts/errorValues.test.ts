import { describe, expect, it } from 'vitest';
import { errorValuesOf } from './errorValues.ts';

describe('errorValuesOf', () => {
  it('reads the values back from a filled catalogue message', () => {
    expect(
      errorValuesOf('TemplatePackageMissingFileError', 'The template package has no test/sample.json.'),
    ).toEqual({ file: 'test/sample.json' });
    expect(
      errorValuesOf(
        'TemplatePackageTooLargeError',
        'The template package is too large: a package holds at most 20 MiB unpacked.',
      ),
    ).toEqual({ limit: '20 MiB unpacked' });
  });

  it('answers nothing for messages without values, or not the catalogue’s', () => {
    expect(errorValuesOf('TemplatePackageNotZipError', 'The template package is not a zip file.')).toEqual(
      {},
    );
    expect(errorValuesOf('TemplatePackageMissingFileError', 'Something else')).toEqual({});
    expect(errorValuesOf('NoSuchType', 'x')).toEqual({});
  });
});
