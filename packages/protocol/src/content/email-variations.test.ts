import { describe, expect, it } from 'vitest';
import { emailContentSchema } from './channel-content.ts';
import { designToMjml } from './design-to-mjml.ts';
import type { EmailVariation } from './email-design.ts';
import { everyBlockDesign } from './email-design.fixture.ts';
import {
  combinationChoices,
  countCombinations,
  emailCombination,
  variationDimensions,
  type VariedEmail,
} from './email-variations.ts';

const variations: EmailVariation[] = [
  { id: 'v1', name: 'Urgent', subject: 'Last day!' },
  {
    id: 'v2',
    name: 'Big button',
    subject: 'Hungry?',
    blocks: [{ id: 'order', type: 'button', text: 'Order now', href: '{{ view_online_url }}' }],
  },
  { id: 'v3', name: 'Warm hello', blocks: [{ id: 'hello', type: 'text', html: '<p>Ciao!</p>' }] },
];
const email = (multivariate: boolean): VariedEmail & { mjml: string } => ({
  subject: 'Pizza',
  mjml: designToMjml(everyBlockDesign),
  design: everyBlockDesign,
  variations,
  multivariate,
});

describe('email variations', () => {
  it('counts the original and each variation, or every combination with multivariate on', () => {
    expect(countCombinations({ subject: 's' })).toBe(1);
    expect(countCombinations(email(false))).toBe(4);
    // subject: original, v1, v2 (3); hello: original, v3 (2); order: original, v2 (2).
    expect(variationDimensions(email(true)).map((d) => [d.key, d.choices])).toEqual([
      ['subject', [null, 0, 1]],
      ['hello', [null, 2]],
      ['order', [null, 1]],
    ]);
    expect(countCombinations(email(true))).toBe(12);
  });

  it('picks variation n as a whole without multivariate', () => {
    expect(combinationChoices(email(false), 0)).toEqual([]);
    expect(combinationChoices(email(false), 2)).toEqual([
      { key: 'subject', variation: 1 },
      { key: 'order', variation: 1 },
    ]);
    expect(combinationChoices(email(false), 4)).toBeUndefined();
    expect(combinationChoices(email(false), -1)).toBeUndefined();
    const second = emailCombination(email(false), 2)!;
    expect(second.subject).toBe('Hungry?');
    expect(second.mjml).toContain('Order now');
    expect(second.mjml).not.toContain('Order, {{');
    expect('variations' in second).toBe(false);
  });

  it('gives every combination once with multivariate on, the subject the most significant', () => {
    const all = Array.from({ length: 12 }, (_, n) => emailCombination(email(true), n)!);
    const keys = all.map((c) => `${c.subject}|${c.mjml.includes('Ciao!')}|${c.mjml.includes('Order now')}`);
    expect(new Set(keys).size).toBe(12);
    expect(keys[0]).toBe('Pizza|false|false');
    expect(keys[1]).toBe('Pizza|false|true');
    expect(keys[2]).toBe('Pizza|true|false');
    expect(keys[4]).toBe('Last day!|false|false');
    expect(keys[11]).toBe('Hungry?|true|true');
    // The original is the saved MJML itself, not a rewrite of it.
    expect(all[0]!.mjml).toBe(email(true).mjml);
    expect(emailCombination(email(true), 12)).toBeUndefined();
  });

  it('is accepted in e-mail content only when its blocks are the design’s and its combinations are few enough', () => {
    expect(emailContentSchema.safeParse(email(true)).success).toBe(true);
    const unknownBlock = {
      ...email(false),
      variations: [{ id: 'v', name: 'x', blocks: [{ id: 'nope', type: 'spacer', height: 1 }] }],
    };
    expect(emailContentSchema.safeParse(unknownBlock).error?.issues[0]?.message).toMatch(/nope/);
    const { design: _design, ...noDesign } = email(false);
    expect(emailContentSchema.safeParse(noDesign).success).toBe(false);
    const many = Array.from({ length: 10 }, (_, i) => ({
      id: `v${i}`,
      name: `${i}`,
      subject: `S${i}`,
      blocks: [{ id: 'gap', type: 'spacer' as const, height: i }],
    }));
    const wide = { ...email(true), variations: many };
    // 11 subjects × 11 spacers = 121 is fine; adding 10 more dimensions of 2 would pass 1,000.
    expect(countCombinations(wide)).toBe(121);
    expect(emailContentSchema.safeParse(wide).success).toBe(true);
    const tooMany = {
      ...wide,
      variations: many.map((v, i) => ({
        ...v,
        blocks: [
          ...v.blocks,
          { id: ['hello', 'rule', 'raw', 'footer', 'follow'][i % 5]!, type: 'divider' as const },
        ],
      })),
    };
    expect(countCombinations(tooMany)).toBeGreaterThan(1000);
    expect(emailContentSchema.safeParse(tooMany).success).toBe(false);
  });
});
