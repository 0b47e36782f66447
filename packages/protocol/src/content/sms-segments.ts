/**
 * How many SMS segments a text takes, and in which encoding. Shared by the server (what a send costs) and the
 * web editor (the live count under the text box), so both count the same way.
 *
 * A text goes out as GSM-7 (the GSM 03.38 alphabet, seven bits a character) when every character is in that
 * alphabet or its extension table, and as UCS-2 otherwise: one emoji or curly quote turns the whole message
 * into UCS-2, which is why the editor marks the characters that did it.
 */

/** The GSM 03.38 default alphabet: one septet each. */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** The extension table: reached through an escape septet, so each costs two. */
const GSM_EXTENDED = '\f^{}\\[~]|€';

const basicCharacters: ReadonlySet<string> = new Set(GSM_BASIC);
const extendedCharacters: ReadonlySet<string> = new Set(GSM_EXTENDED);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

/**
 * Units a message holds: a single message carries the whole 140 bytes; once split, each part gives 6 bytes
 * to the concatenation header (153 septets or 67 UTF-16 units left).
 */
export const SMS_SEGMENT_UNITS = {
  'GSM-7': { single: 160, multipart: 153 },
  'UCS-2': { single: 70, multipart: 67 },
} as const satisfies Record<SmsEncoding, { single: number; multipart: number }>;

/** One character that is not in the GSM-7 alphabet, where it stands (a UTF-16 offset into the text). */
export interface NonGsmCharacter {
  character: string;
  index: number;
}

export interface SmsSegmentCount {
  encoding: SmsEncoding;
  /** Characters as people count them (code points: an emoji is one). */
  characters: number;
  /** What the encoding counts: septets for GSM-7 (an extended character takes two), UTF-16 units for UCS-2. */
  units: number;
  /** Segments the text is sent as; 0 for an empty text. */
  segments: number;
  /** Units one segment holds at this length: the single-message size, or the smaller size of a part. */
  unitsPerSegment: number;
  /** Units left in the last segment before the text needs another. */
  remaining: number;
  /** Every character that forced UCS-2, in order, each occurrence with its position; empty for GSM-7. */
  nonGsmCharacters: NonGsmCharacter[];
}

/** Whether a character (one code point) can travel in GSM-7. */
export function isGsmCharacter(character: string): boolean {
  return basicCharacters.has(character) || extendedCharacters.has(character);
}

/** Septets a GSM character takes: 2 for the extension table's escape pair, 1 otherwise. */
function septetsOf(character: string): number {
  return extendedCharacters.has(character) ? 2 : 1;
}

/**
 * Counts a text's encoding, units and segments. A part never splits a character's units: an escape pair
 * (GSM-7) or a surrogate pair (UCS-2) that would straddle two parts moves whole to the next one, as handsets
 * and gateways do, so a text near a boundary can take one part more than units ÷ part size suggests.
 */
export function countSmsSegments(text: string): SmsSegmentCount {
  const nonGsmCharacters: NonGsmCharacter[] = [];
  const codePoints: string[] = [];
  let index = 0;
  for (const character of text) {
    codePoints.push(character);
    if (!isGsmCharacter(character)) nonGsmCharacters.push({ character, index });
    index += character.length;
  }
  const encoding: SmsEncoding = nonGsmCharacters.length === 0 ? 'GSM-7' : 'UCS-2';
  const unitsOf = encoding === 'GSM-7' ? septetsOf : (character: string) => character.length;
  const sizes = SMS_SEGMENT_UNITS[encoding];

  let units = 0;
  for (const character of codePoints) units += unitsOf(character);
  if (units <= sizes.single) {
    return {
      encoding,
      characters: codePoints.length,
      units,
      segments: units === 0 ? 0 : 1,
      unitsPerSegment: sizes.single,
      remaining: sizes.single - units,
      nonGsmCharacters,
    };
  }

  let segments = 1;
  let used = 0;
  for (const character of codePoints) {
    const cost = unitsOf(character);
    if (used + cost > sizes.multipart) {
      segments += 1;
      used = 0;
    }
    used += cost;
  }
  return {
    encoding,
    characters: codePoints.length,
    units,
    segments,
    unitsPerSegment: sizes.multipart,
    remaining: sizes.multipart - used,
    nonGsmCharacters,
  };
}
