import { defaultThemeSettings } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import { fieldValue, THEME_FORM_GROUPS, withField } from './themeFields.ts';

describe('the theme form’s fields', () => {
  const settings = defaultThemeSettings('Brand');

  it('shows the defaults of functional §3', () => {
    expect(fieldValue(settings, 'style.body.width')).toBe('600px');
    expect(fieldValue(settings, 'style.text.fontSize')).toBe('14px');
    expect(fieldValue(settings, 'style.primaryButton.borderRadius')).toBe('20px');
    expect(fieldValue(settings, 'style.primaryButton.height')).toBe('40px');
    expect(fieldValue(settings, 'language')).toBe('en-AU');
    expect(fieldValue(settings, 'header.showLogo')).toBe(true);
  });

  it('changes one field and leaves the rest', () => {
    const changed = withField(settings, 'style.body.width', '640px');
    expect(changed.style.body.width).toBe('640px');
    expect(settings.style.body.width).toBe('600px');
    expect(changed.style.text).toEqual(settings.style.text);
  });

  it('edits lists as text', () => {
    const fonts = withField(settings, 'googleFonts', 'Open Sans, Lato ,');
    expect(fonts.googleFonts).toEqual(['Open Sans', 'Lato']);
    expect(fieldValue(fonts, 'googleFonts')).toBe('Open Sans, Lato');
    const logo = withField(settings, 'logos', 'https://example.com/logo.png');
    expect(logo.logos).toEqual([{ url: 'https://example.com/logo.png', alt: '' }]);
    expect(withField(logo, 'logos', '').logos).toEqual([]);
  });

  it('reaches every field it lists', () => {
    for (const { fields } of THEME_FORM_GROUPS)
      for (const field of fields) expect(fieldValue(settings, field.path)).not.toBeUndefined();
  });
});
