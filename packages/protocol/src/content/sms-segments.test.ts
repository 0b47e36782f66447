import { describe, expect, it } from 'vitest';
import { countSmsSegments, isGsmCharacter, SMS_SEGMENT_UNITS } from './sms-segments.ts';

describe('countSmsSegments', () => {
  it('answers no segment for an empty text', () => {
    expect(countSmsSegments('')).toEqual({
      encoding: 'GSM-7',
      characters: 0,
      units: 0,
      segments: 0,
      unitsPerSegment: 160,
      remaining: 160,
      nonGsmCharacters: [],
    });
  });

  it('counts plain GSM-7 text one septet a character', () => {
    const count = countSmsSegments('Hi Ann, your order ships today. Reply STOP to opt out.');
    expect(count.encoding).toBe('GSM-7');
    expect(count.units).toBe(54);
    expect(count.characters).toBe(54);
    expect(count.segments).toBe(1);
    expect(count.remaining).toBe(106);
  });

  it('keeps the accented letters and symbols of the GSM alphabet in GSM-7', () => {
    const gsm = 'Café à Zürich: 5£ or 6$, ¿Sì? ¡Olè! Ñandù §1 @home ΔΦΓΛΩΠΨΣΘΞ æøåÆØÅ ß É Ç ¥ ¤';
    expect(countSmsSegments(gsm)).toMatchObject({
      encoding: 'GSM-7',
      units: gsm.length,
      nonGsmCharacters: [],
    });
  });

  it('sends accents the alphabet lacks as UCS-2: only some of them are GSM', () => {
    // é, è, ù, ì, ò and à are GSM; á, í, ó, ú and a lower-case ç are not.
    const count = countSmsSegments('Olá, ça é ótimo');
    expect(count.encoding).toBe('UCS-2');
    expect(count.nonGsmCharacters).toEqual([
      { character: 'á', index: 2 },
      { character: 'ç', index: 5 },
      { character: 'ó', index: 10 },
    ]);
  });

  it('counts the extension table two septets each', () => {
    for (const character of ['^', '{', '}', '\\', '[', '~', ']', '|', '€', '\f']) {
      const count = countSmsSegments(character);
      expect(count.encoding, character).toBe('GSM-7');
      expect(count.units, character).toBe(2);
      expect(count.characters, character).toBe(1);
    }
    expect(countSmsSegments('Price: 10€ [sale]').units).toBe(17 + 3);
  });

  it('fits exactly 160 septets in one message and splits at 161 into parts of 153', () => {
    expect(countSmsSegments('a'.repeat(160))).toMatchObject({
      segments: 1,
      remaining: 0,
      unitsPerSegment: 160,
    });
    expect(countSmsSegments('a'.repeat(161))).toMatchObject({
      segments: 2,
      unitsPerSegment: 153,
      remaining: 153 * 2 - 161,
    });
    expect(countSmsSegments('a'.repeat(306)).segments).toBe(2);
    expect(countSmsSegments('a'.repeat(307)).segments).toBe(3);
    expect(countSmsSegments('a'.repeat(153 * 10)).segments).toBe(10);
  });

  it('counts extended characters toward the 160 limit', () => {
    expect(countSmsSegments('a'.repeat(158) + '€').segments).toBe(1);
    expect(countSmsSegments('a'.repeat(159) + '€')).toMatchObject({ units: 161, segments: 2 });
  });

  it('moves an escape pair that would straddle two parts whole to the next part', () => {
    // 152 septets, then € (2): the pair cannot start at 153 and end in the next part.
    const text = 'a'.repeat(152) + '€' + 'a'.repeat(152);
    const count = countSmsSegments(text);
    expect(count.units).toBe(306);
    expect(count.segments).toBe(3);
    expect(countSmsSegments('a'.repeat(151) + '€' + 'a'.repeat(153)).segments).toBe(2);
  });

  it('switches to UCS-2 for one character outside the alphabet and names it', () => {
    const count = countSmsSegments('Hello “friend” 🎉');
    expect(count.encoding).toBe('UCS-2');
    expect(count.nonGsmCharacters).toEqual([
      { character: '“', index: 6 },
      { character: '”', index: 13 },
      { character: '🎉', index: 15 },
    ]);
    // The emoji is two UTF-16 units and one character.
    expect(count.characters).toBe(16);
    expect(count.units).toBe(17);
    expect(count.unitsPerSegment).toBe(70);
    expect(count.remaining).toBe(53);
  });

  it('lists every occurrence of a forcing character', () => {
    expect(countSmsSegments('ç ç').nonGsmCharacters).toEqual([
      { character: 'ç', index: 0 },
      { character: 'ç', index: 2 },
    ]);
  });

  it('splits UCS-2 at 70 into parts of 67', () => {
    expect(countSmsSegments('ж'.repeat(70))).toMatchObject({ encoding: 'UCS-2', segments: 1, remaining: 0 });
    expect(countSmsSegments('ж'.repeat(71))).toMatchObject({
      segments: 2,
      unitsPerSegment: 67,
      remaining: 63,
    });
    expect(countSmsSegments('ж'.repeat(134)).segments).toBe(2);
    expect(countSmsSegments('ж'.repeat(135)).segments).toBe(3);
    expect(countSmsSegments('日本語のテキスト'.repeat(20)).segments).toBe(3);
  });

  it('never splits a surrogate pair across two UCS-2 parts', () => {
    // 66 units, then an emoji (2 units): it goes whole into the second part.
    const count = countSmsSegments('ж'.repeat(66) + '😀' + 'ж'.repeat(66));
    expect(count.units).toBe(134);
    expect(count.segments).toBe(3);
    expect(countSmsSegments('ж'.repeat(65) + '😀' + 'ж'.repeat(67)).segments).toBe(2);
  });

  it('counts line breaks as characters of the alphabet', () => {
    const count = countSmsSegments('Line one\nLine two\r\nLine three');
    expect(count.encoding).toBe('GSM-7');
    expect(count.units).toBe(29);
  });

  it('treats a tab as outside the alphabet', () => {
    expect(countSmsSegments('a\tb').encoding).toBe('UCS-2');
  });
});

describe('the GSM-7 alphabet', () => {
  it('holds the 127 characters of the default alphabet (the escape is not one) and 10 extended ones', () => {
    const basic = [...'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ'];
    const printable = Array.from({ length: 95 }, (_unused, code) => String.fromCharCode(32 + code)).filter(
      (character) => !'`^{}\\[~]|@$_'.includes(character),
    );
    for (const character of [
      ...basic,
      ...printable,
      '¤',
      '¡',
      'Ä',
      'Ö',
      'Ñ',
      'Ü',
      '§',
      '¿',
      'ä',
      'ö',
      'ñ',
      'ü',
      'à',
    ]) {
      expect(isGsmCharacter(character), JSON.stringify(character)).toBe(true);
    }
    expect(isGsmCharacter('`')).toBe(false);
    expect(isGsmCharacter('\u001b')).toBe(false);
    expect(SMS_SEGMENT_UNITS['GSM-7']).toEqual({ single: 160, multipart: 153 });
    expect(SMS_SEGMENT_UNITS['UCS-2']).toEqual({ single: 70, multipart: 67 });
  });
});
