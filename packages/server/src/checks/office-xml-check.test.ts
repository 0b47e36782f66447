import { describe, expect, it } from 'vitest';
import { emailFixture } from './check-fixtures.ts';
import { checkOfficeXml, officeMarksIn } from './office-xml-check.ts';

describe('officeXml check', () => {
  it('passes clean content, even with an Outlook fix in a style block', async () => {
    const content = await emailFixture('<style>table { mso-table-lspace: 0pt; }</style><p>Fresh beans</p>');
    expect(checkOfficeXml(content)).toEqual({
      name: 'officeXml',
      status: 'pass',
      message: 'No markup pasted from Office.',
    });
  });

  it('warns content pasted from Word', async () => {
    const content = await emailFixture(
      '<p class="MsoNormal" style="margin:0;mso-line-height-rule:exactly">Fresh beans<o:p></o:p></p>',
    );
    expect(checkOfficeXml(content)).toMatchObject({
      status: 'warn',
      message:
        'The content was pasted from Office (<o:p> tags, Mso… classes, mso- styles): paste it again as plain text.',
    });
  });

  it('finds the Office namespace', () => {
    expect(officeMarksIn('<html xmlns:o="urn:schemas-microsoft-com:office:office">')).toEqual([
      'the Office namespace (xmlns:o)',
    ]);
  });
});
