import { describe, expect, it } from 'vitest';
import { webPreviewDocument } from './webPreviewDocument.ts';

describe('the web message preview document', () => {
  it('lays the message over the mock page as a banner or a modal', () => {
    expect(webPreviewDocument('<b>Hi</b>', 'banner')).toContain(
      '<div class="banner" data-placement="banner"><b>Hi</b></div>',
    );
    const modal = webPreviewDocument('<b>Hi</b>', 'modal');
    expect(modal).toContain('data-placement="modal"><b>Hi</b></div>');
    expect(modal).not.toContain('class="banner"');
  });

  it('forbids scripts by policy as well as by the sandbox', () => {
    expect(webPreviewDocument('<script>alert(1)</script>', 'banner')).toContain("script-src 'none'");
  });
});
