import { describe, expect, it } from 'vitest';
import { refuseUnsafeSvg } from './svg-safety.ts';

const svg = (inner: string, attributes = '') =>
  `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" ${attributes}>${inner}</svg>`;

describe('refuseUnsafeSvg', () => {
  it('accepts a plain drawing with local references and an embedded image', () => {
    expect(() =>
      refuseUnsafeSvg(
        svg(
          '<defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="10" height="10"/>' +
            '<use href="#g"/><image href="data:image/png;base64,iVBORw0KGgo="/>',
          'xmlns:xlink="http://www.w3.org/1999/xlink"',
        ),
      ),
    ).not.toThrow();
  });

  it.each([
    ['a script element', svg('<script>alert(1)</script>')],
    ['a script element in another case', svg('<SCRIPT >alert(1)</SCRIPT>')],
    ['an event handler', svg('<rect onload="alert(1)"/>')],
    ['an event handler after a slash', svg('<rect/onclick="alert(1)"/>')],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect/></a>')],
    ['an entity-encoded javascript: link', svg('<a href="&#106;avascript:alert(1)"><rect/></a>')],
    ['foreignObject', svg('<foreignObject><div>hi</div></foreignObject>')],
    ['an external image', svg('<image href="https://evil.example/x.png"/>')],
    ['an external xlink:href', svg('<use xlink:href="http://evil.example/s.svg#a"/>')],
    ['a CSS url() leaving the file', svg('<rect style="fill:url(https://evil.example/p)"/>')],
    ['an @import', svg('<style>@import "https://evil.example/s.css";</style>')],
    ['a DTD with entities', `<!DOCTYPE svg [<!ENTITY x "y">]>${svg('<text>&x;</text>')}`],
    ['a data:text/html link', svg('<a href="data:text/html,<script>alert(1)</script>"/>')],
  ])('refuses %s', (_what, text) => {
    expect(() => refuseUnsafeSvg(text)).toThrow(expect.objectContaining({ type: 'UnsafeSvgError' }));
  });
});
