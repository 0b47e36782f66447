import { defaultThemeSettings, type EmailDesign } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import { designLook } from './designLook.ts';

const design: EmailDesign = { version: 1, sections: [] };

describe('designLook', () => {
  it('is 600 pixels wide and borrows nothing else without a theme', () => {
    expect(designLook(design, undefined)).toEqual({
      width: 600,
      fontFamily: undefined,
      fontSize: undefined,
      backgroundColor: undefined,
      contentBackgroundColor: undefined,
    });
  });

  it('takes the theme’s width, fonts, text size and backgrounds, and the design’s own settings over them', () => {
    const theme = defaultThemeSettings('Serif');
    theme.customFont.family = 'Georgia, serif';
    theme.googleFonts = ['Lora'];
    theme.style.body.width = '480px';
    theme.style.text.fontSize = '16px';
    expect(designLook(design, theme)).toEqual({
      width: 480,
      fontFamily: 'Lora, Georgia, serif',
      fontSize: '16px',
      backgroundColor: '#f4f4f5',
      contentBackgroundColor: '#ffffff',
    });
    expect(designLook({ ...design, width: 700, backgroundColor: '#000000' }, theme)).toMatchObject({
      width: 700,
      backgroundColor: '#000000',
    });
  });
});
