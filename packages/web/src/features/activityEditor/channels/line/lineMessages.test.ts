import { lineContentSchema } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import {
  addLineMessage,
  flexTexts,
  moveLineMessage,
  newLineMessage,
  parseFlexContents,
  removeLineMessage,
  renderedTexts,
  type LineMessage,
} from './lineMessages.ts';

const text = (value: string): LineMessage => ({ type: 'text', text: value });

describe('LINE messages', () => {
  it('add up to five, each new one valid once written', () => {
    let messages: LineMessage[] = [text('a')];
    for (const type of ['image', 'flex', 'text', 'text', 'text'] as const)
      messages = addLineMessage(messages, type);
    expect(messages.map((message) => message.type)).toEqual(['text', 'image', 'flex', 'text', 'text']);
    expect(lineContentSchema.safeParse({ messages: [newLineMessage('flex')] }).success).toBe(true);
  });

  it('remove one, but never the last', () => {
    expect(removeLineMessage([text('a'), text('b')], 0)).toEqual([text('b')]);
    expect(removeLineMessage([text('a')], 0)).toEqual([text('a')]);
  });

  it('move one up or down within the list', () => {
    const messages = [text('a'), text('b'), text('c')];
    expect(moveLineMessage(messages, 2, -1)).toEqual([text('a'), text('c'), text('b')]);
    expect(moveLineMessage(messages, 0, 1)).toEqual([text('b'), text('a'), text('c')]);
    expect(moveLineMessage(messages, 0, -1)).toEqual(messages);
    expect(moveLineMessage(messages, 2, 1)).toEqual(messages);
  });

  it('read the texts of a flex layout in order', () => {
    expect(
      flexTexts({
        type: 'bubble',
        header: { type: 'box', contents: [{ type: 'text', text: 'Title' }] },
        body: { type: 'box', contents: [{ type: 'image' }, { type: 'text', text: 'Body' }] },
      }),
    ).toEqual(['Title', 'Body']);
  });

  it('take a flex layout only as a JSON object', () => {
    expect(parseFlexContents('{"type":"bubble"}')).toEqual({ contents: { type: 'bubble' } });
    expect(parseFlexContents('{"type":')).toEqual({ error: 'json' });
    expect(parseFlexContents('[1]')).toEqual({ error: 'object' });
  });

  it('read the personalized texts back by message', () => {
    const messages: LineMessage[] = [text('Hi {{ x }}'), newLineMessage('image'), text('Bye')];
    expect(renderedTexts('Hi Alex\n\nBye', messages)).toEqual(['Hi Alex', '', 'Bye']);
    expect(renderedTexts('a\n\nb\n\nc', messages)).toEqual(['Hi {{ x }}', '', 'Bye']);
    expect(renderedTexts(undefined, messages)).toEqual(['Hi {{ x }}', '', 'Bye']);
  });
});
