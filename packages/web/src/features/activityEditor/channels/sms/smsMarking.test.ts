import { SHORT_LINK_LENGTH } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import {
  countSmsTemplate,
  distinctNonGsmCharacters,
  markNonGsmCharacters,
  shortLinkTag,
} from './smsMarking.ts';

describe('SMS marking', () => {
  it('marks each character that forces UCS-2, and only those', () => {
    expect(markNonGsmCharacters('Hi “Ann” 🍕 ok')).toEqual([
      { text: 'Hi ', forcesUcs2: false },
      { text: '“', forcesUcs2: true },
      { text: 'Ann', forcesUcs2: false },
      { text: '”', forcesUcs2: true },
      { text: ' ', forcesUcs2: false },
      { text: '🍕', forcesUcs2: true },
      { text: ' ok', forcesUcs2: false },
    ]);
    // GSM-7's own accents and its extension table ({ } € …) are not marked.
    expect(markNonGsmCharacters('Café {10€}')).toEqual([{ text: 'Café {10€}', forcesUcs2: false }]);
    expect(markNonGsmCharacters('')).toEqual([]);
  });

  it('lists the distinct characters that force UCS-2 in order', () => {
    expect(distinctNonGsmCharacters(countSmsTemplate('“a” “b” ✓'))).toEqual(['“', '”', '✓']);
  });

  it('counts a shortened link at the short link’s length, however long the URL', () => {
    const tag = shortLinkTag(`https://pizza.example/offers/${'x'.repeat(300)}`);
    const count = countSmsTemplate(`Order: ${tag}`);
    expect(count).toMatchObject({ encoding: 'GSM-7', characters: 7 + SHORT_LINK_LENGTH, segments: 1 });
  });

  it('writes a quote in a URL so the tag stays one string', () => {
    expect(shortLinkTag('https://a.example/?q="x"')).toBe('{{ "https://a.example/?q=%22x%22" | short_url }}');
  });
});
