import { describe, expect, it } from 'vitest';
import { defaultThemeSettings, themeSettingsSchema } from '../records/theme.ts';
import { designToMjml } from './design-to-mjml.ts';
import type { EmailDesign } from './email-design.ts';
import { activityContentFromTemplate } from './template-content.ts';
import { applyThemeToMjml, THEME_MJ_CLASSES, themeMjmlAttributes } from './theme-mjml.ts';

describe('themeMjmlAttributes', () => {
  it('gives texts and buttons the theme defaults of functional §3', () => {
    const head = themeMjmlAttributes(defaultThemeSettings('Plain'));
    expect(head).toContain('<mj-attributes>');
    expect(head).toMatch(/<mj-text [^>]*font-size="14px"/);
    expect(head).toMatch(/<mj-button [^>]*border-radius="20px"/);
    expect(head).toMatch(/<mj-button [^>]*height="40px"/);
    expect(head).toContain(`name="${THEME_MJ_CLASSES.heading}"`);
    expect(head).toMatch(/<mj-style>a \{ color: #1d4ed8; text-decoration: underline; \}<\/mj-style>/);
  });

  it('follows the theme: colours, sizes, fonts', () => {
    const theme = themeSettingsSchema.parse({
      themeName: 'Brand',
      googleFonts: ['Open Sans'],
      customFont: { family: 'Brandface, serif', url: 'https://fonts.example.com/brandface.css' },
      style: {
        text: { fontSize: '16px', color: '#222222' },
        primaryButton: { backgroundColor: '#ff0000', borderRadius: '4px' },
        link: { color: '#00aa00', underline: false },
      },
    });
    const head = themeMjmlAttributes(theme);
    expect(head).toMatch(/<mj-text [^>]*font-size="16px"[^>]*color="#222222"/);
    expect(head).toMatch(/<mj-button [^>]*background-color="#ff0000"[^>]*border-radius="4px"/);
    expect(head).toContain(
      '<mj-font name="Open Sans" href="https://fonts.googleapis.com/css2?family=Open+Sans&amp;display=swap" />',
    );
    expect(head).toContain('<mj-font name="Brandface" href="https://fonts.example.com/brandface.css" />');
    expect(head).toContain('font-family="Open Sans, Brandface, serif"');
    expect(head).toContain('text-decoration: none');
  });

  it('escapes what it writes into attributes', () => {
    const theme = defaultThemeSettings('Quotes');
    theme.customFont.family = 'Evil" onload="x<';
    const head = themeMjmlAttributes(theme);
    expect(head).toContain('font-family="Evil&quot; onload=&quot;x&lt;"');
    expect(head).not.toContain('onload="x');
  });
});

describe('applyThemeToMjml', () => {
  const theme = themeSettingsSchema.parse({ themeName: 'Wide', style: { body: { width: '640px' } } });

  it('adds a head before the body and sizes the body', () => {
    const themed = applyThemeToMjml('<mjml><mj-body><mj-section /></mj-body></mjml>', theme);
    expect(themed).toMatch(/<mjml>\n<mj-head>\n<mj-attributes>/);
    expect(themed).toContain('<mj-body width="640px" background-color="#f4f4f5">');
  });

  it('goes first in an existing head, and leaves what the body sets', () => {
    const themed = applyThemeToMjml(
      '<mjml><mj-head><mj-title>T</mj-title></mj-head><mj-body width="500px"></mj-body></mjml>',
      theme,
    );
    expect(themed.indexOf('<mj-attributes>')).toBeLessThan(themed.indexOf('<mj-title>'));
    expect(themed).toContain('<mj-body width="500px" background-color="#f4f4f5">');
  });
});

describe('activityContentFromTemplate', () => {
  it('starts an e-mail from a native template, themed', () => {
    const content = activityContentFromTemplate(
      { name: 'Welcome', codeType: 'mjml', productionCode: '<mjml><mj-body></mj-body></mjml>' },
      { theme: defaultThemeSettings('T') },
    );
    expect(content.schemaVersion).toBe(3);
    expect(content.channels.email?.subject).toBe('Welcome');
    expect(content.channels.email?.mjml).toContain('<mj-attributes>');
    expect(content.channels.email?.html).toBeUndefined();
  });

  it('starts an e-mail from a template that carries its design on the design, its MJML written from it', () => {
    const design: EmailDesign = {
      version: 1,
      sections: [{ id: 's', columns: [{ id: 'c', blocks: [{ id: 't', type: 'text', html: '<p>Hi</p>' }] }] }],
    };
    const content = activityContentFromTemplate(
      { name: 'Blocks', codeType: 'mjml', productionCode: designToMjml(design), design },
      { theme: defaultThemeSettings('T') },
    );
    expect(content.channels.email?.design).toEqual(design);
    expect(content.channels.email?.mjml).toBe(designToMjml(design, { theme: defaultThemeSettings('T') }));
  });

  it('keeps an HTML template as HTML', () => {
    const content = activityContentFromTemplate(
      { name: 'Plain', codeType: 'html', productionCode: '<p>Hi</p>' },
      { subject: 'Hello' },
    );
    expect(content.channels.email).toEqual({ subject: 'Hello', html: '<p>Hi</p>' });
  });
});
