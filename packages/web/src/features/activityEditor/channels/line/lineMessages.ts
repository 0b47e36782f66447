import type { LineContent } from '@herald/protocol';

export type LineMessage = LineContent['messages'][number];
export type LineMessageType = LineMessage['type'];

/** LINE sends at most five messages at once. */
export const LINE_MAX_MESSAGES = 5;

/** A new message of a type, ready to be written: flex starts from a small bubble with one text. */
export function newLineMessage(type: LineMessageType): LineMessage {
  switch (type) {
    case 'text':
      return { type: 'text', text: '' };
    case 'image':
      return { type: 'image', originalContentUrl: '', previewImageUrl: '' };
    case 'flex':
      return {
        type: 'flex',
        altText: '',
        contents: {
          type: 'bubble',
          body: {
            type: 'box',
            layout: 'vertical',
            contents: [{ type: 'text', text: 'Hello', weight: 'bold', size: 'xl' }],
          },
        },
      };
  }
}

/** The messages with one more at the end; unchanged when there are five already. */
export function addLineMessage(messages: readonly LineMessage[], type: LineMessageType): LineMessage[] {
  return messages.length >= LINE_MAX_MESSAGES ? [...messages] : [...messages, newLineMessage(type)];
}

/** The messages without the one at `index`; the last one stays (LINE content has at least one). */
export function removeLineMessage(messages: readonly LineMessage[], index: number): LineMessage[] {
  return messages.length <= 1 ? [...messages] : messages.filter((_, at) => at !== index);
}

/** The messages with the one at `index` moved by `by` places (−1 up, +1 down), kept within the list. */
export function moveLineMessage(messages: readonly LineMessage[], index: number, by: number): LineMessage[] {
  const target = index + by;
  if (index < 0 || index >= messages.length || target < 0 || target >= messages.length) return [...messages];
  const moved = [...messages];
  const [message] = moved.splice(index, 1);
  moved.splice(target, 0, message!);
  return moved;
}

export function replaceLineMessage(
  messages: readonly LineMessage[],
  index: number,
  message: LineMessage,
): LineMessage[] {
  return messages.map((current, at) => (at === index ? message : current));
}

/** The texts a flex message's layout shows, in order, for its preview bubble (LINE renders the rest). */
export function flexTexts(contents: unknown): string[] {
  if (Array.isArray(contents)) return contents.flatMap(flexTexts);
  if (typeof contents !== 'object' || contents === null) return [];
  const node = contents as Record<string, unknown>;
  const own = node.type === 'text' && typeof node.text === 'string' ? [node.text] : [];
  return [...own, ...['header', 'hero', 'body', 'footer', 'contents'].flatMap((key) => flexTexts(node[key]))];
}

/** A flex message's contents as the author types it (JSON), or why it is not an object LINE would take. */
export function parseFlexContents(
  text: string,
): { contents: Record<string, unknown> } | { error: 'json' | 'object' } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: 'json' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { error: 'object' };
  return { contents: parsed as Record<string, unknown> };
}

/**
 * Each message's text as renderPreview personalized it (its `text` holds the text messages joined by a blank
 * line), by message index; when a text itself holds a blank line the split is ambiguous and the written texts
 * stand in.
 */
export function renderedTexts(previewText: string | undefined, messages: readonly LineMessage[]): string[] {
  const written = messages.map((message) => (message.type === 'text' ? message.text : ''));
  const texts = messages.filter((message) => message.type === 'text');
  if (previewText === undefined || texts.length === 0) return written;
  const parts = previewText.split('\n\n');
  if (parts.length !== texts.length) return written;
  let next = 0;
  return messages.map((message) => (message.type === 'text' ? (parts[next++] ?? '') : ''));
}
