import { describe, expect, it } from 'vitest';
import { logoFileProblem, LOGO_MAX_BYTES } from './logoUpload.ts';
import { themeColourOf, themeWithColour } from './themeColour.ts';

describe('the organization theme colour', () => {
  it('reads the colour of stored theme text, and nothing from text that is not a theme', () => {
    expect(themeColourOf('{"primaryColor":"#1A2b3c","font":"Inter"}')).toBe('#1A2b3c');
    expect(themeColourOf(null)).toBe('');
    expect(themeColourOf('not json')).toBe('');
    expect(themeColourOf('{"primaryColor":"red"}')).toBe('');
  });

  it('writes a colour, or removes it, keeping the other keys', () => {
    expect(JSON.parse(themeWithColour('{"font":"Inter"}', '#112233'))).toEqual({
      font: 'Inter',
      primaryColor: '#112233',
    });
    expect(JSON.parse(themeWithColour('{"font":"Inter","primaryColor":"#112233"}', ''))).toEqual({
      font: 'Inter',
    });
    expect(JSON.parse(themeWithColour('[1]', '#000000'))).toEqual({ primaryColor: '#000000' });
  });
});

describe('a logo file', () => {
  it('is a raster image of a megabyte at most', () => {
    expect(logoFileProblem({ type: 'image/png', size: 2048 })).toBeNull();
    expect(logoFileProblem({ type: 'image/svg+xml', size: 2048 })).toBe('unsupported');
    expect(logoFileProblem({ type: 'text/html', size: 10 })).toBe('unsupported');
    expect(logoFileProblem({ type: 'image/webp', size: LOGO_MAX_BYTES + 1 })).toBe('tooLarge');
  });
});
