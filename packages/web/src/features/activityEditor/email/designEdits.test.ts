import { designToMjml, emailDesignSchema, type EmailDesign } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import {
  addBlock,
  addSection,
  dropItem,
  moveItem,
  newBlock,
  newSection,
  removeItem,
  withColumnCount,
  withTheme,
} from './designEdits.ts';
import { endBurst, recordStep, redo, startHistory, undo } from './editHistory.ts';
import { insertAt, liquidField } from './liquidFields.ts';
import { starterEmail } from './starterEmail.ts';

const words = { text: 'Hi', button: 'Go', imageAlt: 'Picture' };
const design: EmailDesign = {
  version: 1,
  sections: [
    {
      id: 's1',
      columns: [
        {
          id: 'c1',
          blocks: [
            { id: 'a', type: 'spacer', height: 1 },
            { id: 'b', type: 'spacer', height: 2 },
          ],
        },
        { id: 'c2', blocks: [{ id: 'c', type: 'spacer', height: 3 }] },
      ],
    },
    { id: 's2', columns: [{ id: 'c3', blocks: [] }] },
  ],
};
const order = (d: EmailDesign) =>
  d.sections.map((s) => s.columns.map((c) => c.blocks.map((b) => b.id).join('')).join('|')).join(' / ');

describe('design edits', () => {
  it('adds blocks after the selection, or in a new section, and sections after the selected one', () => {
    expect(order(addBlock(design, { id: 'x', type: 'divider' }, 'a'))).toBe('axb|c / ');
    expect(order(addBlock(design, { id: 'x', type: 'divider' }, 'c3'))).toBe('ab|c / x');
    const appended = addBlock(design, { id: 'x', type: 'divider' }, undefined);
    expect(appended.sections).toHaveLength(3);
    expect(addSection(design, newSection(2), 'a').sections[1]!.columns).toHaveLength(2);
    // The original is untouched, for the undo history.
    expect(order(design)).toBe('ab|c / ');
  });

  it('moves up and down, drops across columns and onto empty ones, and removes', () => {
    expect(order(moveItem(design, 'b', -1))).toBe('ba|c / ');
    expect(order(moveItem(design, 'a', -1))).toBe('ab|c / ');
    expect(design.sections.map((s) => s.id)).toEqual(['s1', 's2']);
    expect(moveItem(design, 's2', -1).sections.map((s) => s.id)).toEqual(['s2', 's1']);
    expect(order(dropItem(design, 'a', 'c'))).toBe('b|ac / ');
    expect(order(dropItem(design, 'c', 'c3'))).toBe('ab| / c');
    expect(order(dropItem(design, 'a', 'b'))).toBe('ba|c / ');
    expect(dropItem(design, 's1', 's2').sections.map((s) => s.id)).toEqual(['s2', 's1']);
    expect(dropItem(design, 'a', 's2')).toBe(design);
    expect(order(removeItem(design, 'b'))).toBe('a|c / ');
    expect(removeItem(design, 's1').sections.map((s) => s.id)).toEqual(['s2']);
  });

  it('keeps the blocks of columns taken away', () => {
    const one = withColumnCount(design.sections[0]!, 1);
    expect(one.columns.map((c) => c.blocks.map((b) => b.id).join(''))).toEqual(['abc']);
    expect(withColumnCount(design.sections[0]!, 4).columns).toHaveLength(4);
  });

  it('makes new blocks and a starting e-mail the contract accepts', () => {
    for (const type of [
      'text',
      'image',
      'button',
      'divider',
      'spacer',
      'social',
      'html',
      'contentBlock',
    ] as const) {
      const added = addBlock(design, newBlock(type, words), 'a');
      expect(emailDesignSchema.safeParse(added).success, type).toBe(true);
    }
    const starter = starterEmail('Welcome', {
      greeting: 'Hello',
      body: 'News <b>',
      button: 'Go',
      footer: 'F',
      unsubscribe: 'U',
      viewOnline: 'V',
    });
    expect(emailDesignSchema.safeParse(starter.design).success).toBe(true);
    expect(starter.mjml).toBe(designToMjml(starter.design!));
    expect(starter.mjml).toContain('{{ subscriber.firstname | default: "there" }}');
    expect(starter.mjml).toContain('{{ unsubscribe_url }}');
    expect(starter.mjml).toContain('News &lt;b&gt;');
  });
});

describe('edit history', () => {
  it('undoes and redoes each step, merging a burst of typing in one field', () => {
    let history = startHistory('');
    history = recordStep(history, 'H', 'subject');
    history = recordStep(history, 'Hi', 'subject');
    history = recordStep(history, 'Hi!', 'subject');
    history = endBurst(history);
    history = recordStep(history, 'Hi! x', 'subject');
    history = recordStep(history, 'block added');
    expect(history.past).toEqual(['', 'Hi!', 'Hi! x']);
    history = undo(history);
    expect(history.present).toBe('Hi! x');
    history = undo(undo(history));
    expect(history.present).toBe('');
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.present).toBe('Hi!');
    history = recordStep(history, 'new');
    expect(history.future).toEqual([]);
    expect(redo(history)).toBe(history);
  });
});

describe('liquid fields', () => {
  it('writes a field with its fallback, and puts it at the caret', () => {
    expect(liquidField('subscriber.firstname', 'there')).toBe(
      '{{ subscriber.firstname | default: "there" }}',
    );
    expect(liquidField('subscriber.firstname', ' ')).toBe('{{ subscriber.firstname }}');
    expect(liquidField('subscriber.city', 'the "big" {{city}}')).toBe(
      `{{ subscriber.city | default: "the 'big' city" }}`,
    );
    expect(insertAt('Hi !', '{{ x }}', 3, 3)).toBe('Hi {{ x }}!');
    expect(insertAt('Hi', ' {{ x }}', null, null)).toBe('Hi {{ x }}');
    expect(insertAt('Hi you', 'me', 3, 6)).toBe('Hi me');
  });
});

describe('withTheme', () => {
  const styled: EmailDesign = {
    version: 1,
    width: 600,
    fontFamily: 'Helvetica',
    backgroundColor: '#f4f5f7',
    contentBackgroundColor: '#ffffff',
    theme: { attributes: { 'mj-text': { 'line-height': '2' } } },
    sections: [],
  };

  it('hands the width, font and backgrounds to the theme chosen, keeping other attributes', () => {
    expect(withTheme(styled, 4)).toEqual({
      version: 1,
      theme: { attributes: { 'mj-text': { 'line-height': '2' } }, themeId: 4 },
      sections: [],
    });
  });

  it('takes the theme away, and drops an empty theme', () => {
    expect(withTheme(withTheme(styled, 4), undefined).theme).toEqual({
      attributes: { 'mj-text': { 'line-height': '2' } },
    });
    expect(withTheme({ version: 1, theme: { themeId: 2 }, sections: [] }, undefined)).toEqual({
      version: 1,
      sections: [],
    });
  });

  it('answers a design the schema accepts, and a content block with nothing chosen is one too', () => {
    const block = newBlock('contentBlock', words);
    expect(block).toEqual({ id: block.id, type: 'contentBlock' });
    const themed = withTheme(addBlock(styled, block, undefined), 9);
    expect(emailDesignSchema.safeParse(themed).success).toBe(true);
  });
});
