import {
  countSmsSegments,
  isGsmCharacter,
  withShortLinkStandIns,
  type SmsSegmentCount,
} from '@herald/protocol';

/** A run of an SMS text: characters that travel in GSM-7, or one character that forces UCS-2. */
export interface SmsRun {
  text: string;
  forcesUcs2: boolean;
}

/**
 * The text cut into runs, each character that is not in GSM-7 a run of its own, so the editor can mark exactly
 * the characters that turned the whole message into UCS-2 (a curly quote pasted from a word processor, an emoji).
 */
export function markNonGsmCharacters(text: string): SmsRun[] {
  const runs: SmsRun[] = [];
  let plain = '';
  for (const character of text) {
    if (isGsmCharacter(character)) {
      plain += character;
      continue;
    }
    if (plain) runs.push({ text: plain, forcesUcs2: false });
    plain = '';
    runs.push({ text: character, forcesUcs2: true });
  }
  if (plain) runs.push({ text: plain, forcesUcs2: false });
  return runs;
}

/** The characters that force UCS-2, each once, in the order they first appear. */
export function distinctNonGsmCharacters(count: SmsSegmentCount): string[] {
  return [...new Set(count.nonGsmCharacters.map((found) => found.character))];
}

/**
 * The count of the text as written, before personalization: shortened links counted at a short link's length
 * (they are sent shortened), Liquid tags as written (the count after personalization comes from the server).
 */
export function countSmsTemplate(text: string): SmsSegmentCount {
  return countSmsSegments(withShortLinkStandIns(text));
}

/** What an author writes for a link to be shortened when it is sent. */
export function shortLinkTag(url: string): string {
  return `{{ "${url.replaceAll('"', '%22')}" | short_url }}`;
}
